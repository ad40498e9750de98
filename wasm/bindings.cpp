// The embind layer: JS values in, plain JS objects out, nothing else. Arrays cross once each way
// (one bulk copy into the heap, one out); no view into wasm memory survives a call. The one
// thing kept between calls is a dataset the caller holds (hold/release, named by its id). Checks live
// in the library beside what they protect; a refusal crosses as { status: 'invalid-input',
// field, message } (kernels: { error, field }), the field read by base/refusal.hpp.
// scripts/build.mjs links this file into three wasm modules: compiled with SUPCLUST_MODULE_CORE,
// the kernels and the feature-grouping families (families/catalogue.cpp); with
// SUPCLUST_MODULE_LIBRARY, every family and generate(); with neither, the tables module:
// everything, experiment() and describe() (the library's description) too. contents() says
// which methods a module holds and whether it runs experiment().
#include <algorithm>
#include <memory>

#include <emscripten/bind.h>

#include "marshal.hpp"
#include "supclust/base/parallel.hpp"
#include "supclust/base/refusal.hpp"
#if !defined(SUPCLUST_MODULE_CORE) && !defined(SUPCLUST_MODULE_LIBRARY)
#define SUPCLUST_TABLES 1
#include "supclust/experiments/description.hpp"
#include "supclust/experiments/experiment.hpp"
#else
#define SUPCLUST_TABLES 0
#endif
#ifndef SUPCLUST_MODULE_CORE
#include "supclust/experiments/synthetic.hpp"
#endif
#include "supclust/kernels/clique_fusion.hpp"
#include "supclust/kernels/kmeans1d.hpp"
#include "supclust/kernels/owl.hpp"
#include "supclust/kernels/sparse_groups.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/registry.hpp"

using namespace supclust;
using namespace supclust::marshal;

namespace {

val status(Status s, const std::string& message) {
  val o = object({{"status", val(std::string(statusName(s)))}, {"message", val(message)}});
  if (s == Status::InvalidInput) o.set("field", fieldNamedBy(message));
  return o;
}
val refused(const std::string& why) { return status(Status::InvalidInput, why); }
val kernelError(const std::string& why) { return object({{"error", val(why)}, {"field", val(fieldNamedBy(why))}}); }

// This module's threads, its methods' names and whether it runs experiment().
val contents() {
  val names = val::array();
  for (const Method& m : methods()) names.call<void>("push", val(m.name));
  return object({{"threads", val(availableThreads())}, {"methods", names}, {"experiment", val(SUPCLUST_TABLES == 1)}});
}

val kmeans1dJs(const val& values, double Q) {
  const auto u = doubles(values);
  if (std::string why = checkKMeans1DCall(u.data(), u.size(), Q); !why.empty()) return kernelError(why);
  const KMeans1DResult r = kmeans1d(u.data(), u.size(), static_cast<int>(Q));
  return object({{"labels", copyOut(r.labels)}, {"centroids", copyOut(r.centroids)}, {"sse", val(r.sse)}});
}

val projectSparseGroupsJs(const val& values, double s, double Q) {
  const auto u = doubles(values);
  if (std::string why = checkSparseGroupsCall(u.data(), u.size(), s, Q); !why.empty()) return kernelError(why);
  const SparseGroupsResult r = projectSparseGroups(u.data(), u.size(), static_cast<std::size_t>(s), static_cast<int>(Q));
  return object({{"values", copyOut(r.values)}, {"labels", copyOut(r.labels)}, {"centroids", copyOut(r.centroids)}});
}

val proxOwlJs(const val& values, const val& weights) {
  auto v = doubles(values);
  const auto w = doubles(weights);
  if (std::string why = checkOwlCall(v.data(), v.size(), w.data(), w.size()); !why.empty()) return kernelError(why);
  OwlProx().apply(v.data(), v.size(), w.data(), v.data());
  return copyOut(v);
}

val proxCliqueFusionJs(const val& values, double lambda1, double lambda2) {
  auto v = doubles(values);
  if (std::string why = checkCliqueFusionCall(v.data(), v.size(), lambda1, lambda2); !why.empty()) return kernelError(why);
  std::vector<double> out(v.size());
  CliqueFusionProx().apply(v.data(), v.size(), lambda1, lambda2, out.data());
  return copyOut(out);
}

// X (a Float64Array, dense row-major, or CSR { indptr, indices, values }) copied in once.
StoredData dataOf(const val& x, int rows, int cols) {
  StoredData X{given(x["indptr"]), rows, cols};
  X.values = copyIn<double>(X.sparse ? x["values"] : x);
  if (X.sparse) X.indptr = copyIn<std::int32_t>(x["indptr"]), X.indices = copyIn<std::int32_t>(x["indices"]);
  return X;
}

// The datasets the caller holds in this module (sc.dataset(): web/src/api.ts), by the id the
// caller gave: X copied in and checked once, then read in place by every fit and
// cross-validation that names the id, with what designs derive from it (core/held_design.hpp),
// until the caller releases it.
struct HeldData {
  int id;
  StoredData X;
  HeldDesign design;  // reads X's arrays (never moved while held)
  HeldData(int id, StoredData data, double maxAbs, RowVector means)
      : id(id), X(std::move(data)), design(X.view(), maxAbs, std::move(means)) {}
};
// Few at a time: a list searched in order (smaller code than a map).
std::vector<std::unique_ptr<HeldData>>& heldData() {
  static std::vector<std::unique_ptr<HeldData>> held;
  return held;
}
std::vector<std::unique_ptr<HeldData>>::iterator findHeld(int id) {
  auto& held = heldData();
  return std::find_if(held.begin(), held.end(), [id](const auto& h) { return h->id == id; });
}

void releaseJs(int id) {
  if (const auto at = findHeld(id); at != heldData().end()) heldData().erase(at);
}

val holdJs(int id, const val& x, int rows, int cols) {
  releaseJs(id);
  StoredData X = dataOf(x, rows, cols);
  if (std::string why = X.check(); !why.empty()) return refused(why);
  double maxAbs = 0;
  RowVector means;
  if (std::string why = checkDesign(X.view(), &maxAbs, &means); !why.empty()) return refused(why);
  heldData().emplace_back(new HeldData(id, std::move(X), maxAbs, std::move(means)));
  return status(Status::Converged, "");
}

// A call's X and y: X a held dataset's id (a number) or arrays copied in for this call.
struct JsProblem {
  StoredData own;
  std::vector<double> y;
  std::unique_ptr<Problem> problem;
  std::string why;  // "" when X is usable
  JsProblem(const val& x, int rows, int cols, const val& targets, int yCols) : y(doubles(targets)) {
    const Eigen::Map<const Vector> Y(y.data(), static_cast<Eigen::Index>(y.size()));
    if (x.typeOf().as<std::string>() == "number") {
      const auto held = findHeld(x.as<int>());
      if (held == heldData().end()) {
        why = "X: the dataset is not held by this module (it was released, or storing it failed)";
        return;
      }
      problem.reset(new Problem{(*held)->X.view(), Y, yCols, &(*held)->design});
      return;
    }
    own = dataOf(x, rows, cols);
    if ((why = own.check()).empty()) problem.reset(new Problem{own.view(), Y, yCols});
  }
};

Control controlOf(const val& onProgress) {
  Control control;
  if (given(onProgress))
    control.progress = [&onProgress](int it, double f) {
      const val keep = onProgress(it, f);
      return keep.isUndefined() || keep.as<bool>();
    };
  return control;
}

val resultToJs(const Result& r) {
  if (r.status == Status::InvalidInput) return status(r.status, r.message);
  return object({{"kind", val(std::string(kindName(r.kind)))}, {"outputs", val(static_cast<int>(r.coef.cols()))},
                 {"coef", copyOut(r.coef)}, {"intercept", copyOut(r.intercept)}, {"groups", copyOut(r.groups)},
                 {"centroids", copyOut(r.centroids)}, {"iterations", val(r.iterations)}, {"objective", val(r.objective)},
                 {"history", copyOut(r.history)}},
                status(r.status, r.message));
}

val fitJs(const std::string& method, const val& X, int nRows, int nCols, const val& y, int yCols, const val& options,
          const val& warmCoef, const val& warmIntercept, const val& onProgress) {
  const JsProblem p(X, nRows, nCols, y, yCols);
  if (!p.why.empty()) return refused(p.why);
  std::unique_ptr<WarmStart> warm;
  if (given(warmCoef)) {
    const auto w = doubles(warmCoef), b = doubles(warmIntercept);
    const auto K = static_cast<Eigen::Index>(b.size());
    if (w.size() != static_cast<std::size_t>(nCols) * b.size()) return refused("warmStart: coef must have nCols × intercept's length entries");
    warm.reset(new WarmStart{Eigen::Map<const Matrix>(w.data(), nCols, K), Eigen::Map<const RowVector>(b.data(), K)});
  }
  return resultToJs(fit(method, *p.problem, toParams(options), controlOf(onProgress), warm.get()));
}

val crossValidateJs(const std::string& method, const val& X, int nRows, int nCols, const val& y, int yCols, const val& options,
                    const val& gridNames, const val& gridValues, const val& settings, const val& onProgress) {
  const JsProblem p(X, nRows, nCols, y, yCols);
  if (!p.why.empty()) return refused(p.why);
  CrossValidationOptions o;
  if (std::string why = crossValidationSchema().read(toParams(settings), o); !why.empty()) return refused(why);
  Grid grid;
  for (int g = 0; g < gridNames["length"].as<int>(); ++g) grid.push_back({gridNames[g].as<std::string>(), doubles(gridValues[g])});
  const CrossValidationResult r = crossValidate(method, *p.problem, toParams(options), grid, o, controlOf(onProgress));
  if (r.status == Status::InvalidInput || r.status == Status::Aborted) return status(r.status, r.message);
  const val points = list(r.grid, [](const GridPoint& g) {
    return object({{"values", copyOut(g.values)}, {"mean", val(g.mean)}, {"std", val(g.std)}, {"scores", copyOut(g.scores)}});
  });
  return object({{"metric", val(r.metric)}, {"best", val(static_cast<int>(r.best))}, {"grid", points}, {"model", resultToJs(r.model)}},
                status(r.status, r.message));
}

#ifndef SUPCLUST_MODULE_CORE
val generateJs(const std::string& name, const val& options) {
  SyntheticProblem p;
  if (std::string why = generate(name, toParams(options), p); !why.empty()) return kernelError(why);
  const auto rows = [](const RowMatrix& X) { return copyOut("Float64Array", X.data(), static_cast<std::size_t>(X.size())); };
  const auto count = [](const RowMatrix& X) { return val(static_cast<int>(X.rows())); };
  return object({{"X", rows(p.X)}, {"nRows", count(p.X)}, {"nCols", val(static_cast<int>(p.X.cols()))}, {"y", copyOut(p.y)},
                 {"Xvalidation", rows(p.Xvalidation)}, {"nValidation", count(p.Xvalidation)}, {"yvalidation", copyOut(p.yvalidation)},
                 {"Xtest", rows(p.Xtest)}, {"nTest", count(p.Xtest)}, {"ytest", copyOut(p.ytest)}, {"coef", copyOut(p.coef)},
                 {"groups", copyOut(p.groups)}});
}

#endif

#if SUPCLUST_TABLES
val experimentJs(const std::string& id, const val& request, const val& onProgress) {
  ExperimentOptions o;
  if (std::string why = experimentSchema().read(toParams(request["settings"]), o); !why.empty()) return refused(why);
  const val methods = request["methods"], data = request["data"];
  for (int i = 0; i < methods["length"].as<int>(); ++i) o.methods.push_back(methods[i].as<std::string>());
  // One dataset, or (tables whose columns are datasets) a list of them.
  std::vector<std::unique_ptr<JsProblem>> problems;
  const int count = !given(data) ? 0 : data.isArray() ? data["length"].as<int>() : 1;
  for (int k = 0; k < count; ++k) {
    const val one = data.isArray() ? data[k] : data;
    problems.emplace_back(new JsProblem(one["X"], one["nRows"].as<int>(), one["nCols"].as<int>(), one["y"], 1));
    if (!problems.back()->why.empty())
      return refused((data.isArray() ? "data[" + std::to_string(k) + "]." : std::string("data.")) + problems.back()->why);
    if (data.isArray()) o.datasets.push_back(problems.back()->problem.get());
    else o.data = problems.back()->problem.get();
  }
  const ExperimentResult r = runExperiment(id, o, controlOf(onProgress));
  if (r.status != Status::Converged) return status(r.status, r.message);
  const val rows = list(r.rows, [](const ExperimentRow& row) {
    const val cells = list(row.cells, [](const ExperimentCell& c) {
      return object({{"mean", val(c.mean)}, {"std", val(c.std)}, {"values", copyOut(c.values)}});
    });
    const val paper = list(row.paper, [](const PaperCell& c) { return object({{"mean", val(c.mean)}, {"std", val(c.std)}}); });
    return object({{"method", val(row.label)}, {"msPerFit", val(row.msPerFit)}, {"cells", cells}, {"paper", paper}});
  });
  return object({{"reps", val(r.reps)}, {"seed", val(static_cast<double>(o.seed))}, {"fast", val(o.fast)}, {"seconds", val(r.seconds)},
                 {"tasks", copyOut(std::vector<double>(r.tasks.begin(), r.tasks.end()))},
                 {"totalTasks", val(static_cast<double>(r.totalTasks))}, {"rows", rows}},
                status(r.status, r.message));
}

#endif

}  // namespace

EMSCRIPTEN_BINDINGS(supclust) {
  emscripten::function("contents", &contents);
  emscripten::function("kmeans1d", &kmeans1dJs);
  emscripten::function("projectSparseGroups", &projectSparseGroupsJs);
  emscripten::function("proxOwl", &proxOwlJs);
  emscripten::function("proxCliqueFusion", &proxCliqueFusionJs);
  emscripten::function("hold", &holdJs);
  emscripten::function("release", &releaseJs);
  emscripten::function("fit", &fitJs);
  emscripten::function("crossValidate", &crossValidateJs);
#ifndef SUPCLUST_MODULE_CORE
  emscripten::function("generate", &generateJs);
#endif
#if SUPCLUST_TABLES
  emscripten::function("describe", &describeLibrary);
  emscripten::function("experiment", &experimentJs);
#endif
}
