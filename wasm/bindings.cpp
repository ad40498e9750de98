// Thin embind layer: JS values in, plain JS objects out. Arrays cross once in each direction
// (one bulk copy into the heap, one copy out); no handles, no views into wasm memory survive
// a call. Validation lives in the library (fit() never throws); the TypeScript layer turns a
// status of "invalid-input" into a SupclustError.
#include <cmath>
#include <memory>

#include <emscripten/bind.h>
#include <emscripten/val.h>


#include "supclust/experiments/synthetic.hpp"
#include "supclust/experiments/description.hpp"
#include "supclust/experiments/experiment.hpp"
#include "supclust/kernels/kmeans1d.hpp"
#include "supclust/kernels/clique_fusion.hpp"
#include "supclust/kernels/owl.hpp"
#include "supclust/kernels/sparse_groups.hpp"
#include "supclust/base/parallel.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/options.hpp"
#include "supclust/methods/registry.hpp"

using emscripten::val;
using namespace supclust;

namespace {

template <class T>
val copyOut(const char* type, const T* data, std::size_t n) {
  return val::global(type).new_(emscripten::typed_memory_view(n, data));
}
val copyOut(const std::vector<double>& v) { return copyOut("Float64Array", v.data(), v.size()); }
val copyOut(const Labels& v) { return copyOut("Int32Array", v.data(), v.size()); }
template <class M>
val copyOut(const Eigen::DenseBase<M>& m) {  // column-major copy
  const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic> dense = m;
  return copyOut("Float64Array", dense.data(), static_cast<std::size_t>(dense.size()));
}

std::vector<double> doubles(const val& a) { return emscripten::convertJSArrayToNumberVector<double>(a); }

Params toParams(const val& options) {
  Params p;
  if (options.isUndefined() || options.isNull()) return p;
  const val keys = val::global("Object").call<val>("keys", options);
  const int n = keys["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const std::string k = keys[i].as<std::string>();
    const val v = options[k];
    const std::string t = v.typeOf().as<std::string>();
    if (t == "number") p.numbers[k] = v.as<double>();
    else if (t == "boolean") p.flags[k] = v.as<bool>();
    else if (t == "string") p.strings[k] = v.as<std::string>();
    else if (t == "object" && !v.isNull()) p.labels[k] = emscripten::convertJSArrayToNumberVector<std::int32_t>(v);
  }
  return p;
}

// The library's description (experiments/description.hpp) and this build's threads.
val info() {
  val o = val::global("JSON").call<val>("parse", describeLibrary());
  o.set("threads", availableThreads());
  return o;
}

// { status: 'invalid-input', message } for a request refused before the library runs.
val invalidInput(const std::string& why) {
  val o = val::object();
  o.set("status", std::string(statusName(Status::InvalidInput)));
  o.set("message", why);
  return o;
}

val errorOf(const std::string& why) {
  val o = val::object();
  o.set("error", why);
  return o;
}

// Integer arguments arrive as doubles (the TypeScript layer checks them; this is the last line).
bool isCount(double v) { return v == std::floor(v) && v >= 1 && v <= kMaxInteger; }

val kmeans1dJs(const val& values, double Q) {
  const auto u = doubles(values);
  if (!isCount(Q)) return errorOf("Q: must be an integer in [1, 2147483647]");
  if (std::string why = checkKMeans1D(u.size(), static_cast<std::int64_t>(Q)); !why.empty()) return errorOf(why);
  const KMeans1DResult r = kmeans1d(u.data(), u.size(), static_cast<int>(Q));
  val o = val::object();
  o.set("labels", copyOut(r.labels));
  o.set("centroids", copyOut(r.centroids));
  o.set("sse", r.sse);
  return o;
}

val projectSparseGroupsJs(const val& values, double s, double Q) {
  const auto u = doubles(values);
  if (!isCount(Q)) return errorOf("Q: must be an integer in [1, 2147483647]");
  if (!isCount(s) || s < Q) return errorOf("s: must be an integer in [Q, 2147483647]");
  if (std::string why = checkSparseGroups(u.size(), static_cast<std::size_t>(s), static_cast<std::int64_t>(Q)); !why.empty())
    return errorOf(why);
  const SparseGroupsResult r = projectSparseGroups(u.data(), u.size(), static_cast<std::size_t>(s), static_cast<int>(Q));
  val o = val::object();
  o.set("values", copyOut(r.values));
  o.set("labels", copyOut(r.labels));
  o.set("centroids", copyOut(r.centroids));
  return o;
}

// X from JavaScript: a Float64Array (dense, row-major) or { indptr, indices, values } (CSR),
// copied into the heap once. check() names a field when the arrays do not describe X.
struct JsMatrix {
  std::vector<double> values;
  std::vector<std::int32_t> indptr, indices;
  bool sparse = false;
  Eigen::Index rows, cols;

  JsMatrix(const val& X, int nRows, int nCols) : rows(nRows), cols(nCols) {
    sparse = X.typeOf().as<std::string>() == "object" && !X["indptr"].isUndefined();
    if (!sparse) {
      values = doubles(X);
      return;
    }
    indptr = emscripten::convertJSArrayToNumberVector<std::int32_t>(X["indptr"]);
    indices = emscripten::convertJSArrayToNumberVector<std::int32_t>(X["indices"]);
    values = doubles(X["values"]);
  }
  std::string check() const {
    if (sparse)
      return checkCsr(rows, cols, indptr.data(), indptr.size(), indices.data(), indices.size(), values.data(), values.size());
    if (values.size() != static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols))
      return "X: must have nRows × nCols entries";
    return "";
  }
  DataMatrix view() const {
    return sparse ? DataMatrix(rows, cols, indptr.data(), indices.data(), values.data()) : DataMatrix(values.data(), rows, cols);
  }
};

Control controlOf(const val& onProgress) {
  Control control;
  if (!onProgress.isUndefined() && !onProgress.isNull())
    control.progress = [&onProgress](int it, double f) {
      const val keep = onProgress(it, f);
      return keep.isUndefined() || keep.as<bool>();
    };
  return control;
}

val resultToJs(const Result& r) {
  val o = val::object();
  o.set("status", std::string(statusName(r.status)));
  o.set("message", r.message);
  if (r.status == Status::InvalidInput) return o;
  o.set("kind", std::string(kindName(r.kind)));
  o.set("outputs", static_cast<int>(r.coef.cols()));
  o.set("coef", copyOut(r.coef));
  o.set("intercept", copyOut(r.intercept));
  o.set("groups", copyOut(r.groups));
  o.set("centroids", copyOut(r.centroids));
  o.set("iterations", r.iterations);
  o.set("objective", r.objective);
  o.set("history", copyOut(r.history));
  return o;
}

val proxOwlJs(const val& values, const val& weights) {
  const auto v = doubles(values), w = doubles(weights);
  if (std::string why = checkOwlWeights(v.size(), w.data(), w.size()); !why.empty()) return errorOf(why);
  std::vector<double> out(v.size());
  OwlProx().apply(v.data(), v.size(), w.data(), out.data());
  return copyOut(out);
}

val proxCliqueFusionJs(const val& values, double lambda1, double lambda2) {
  const auto v = doubles(values);
  for (const auto& [name, x] : {std::pair{"lambda1", lambda1}, std::pair{"lambda2", lambda2}})
    if (!std::isfinite(x) || x < 0) return errorOf(std::string(name) + ": must be a finite number >= 0");
  std::vector<double> out(v.size());
  CliqueFusionProx().apply(v.data(), v.size(), lambda1, lambda2, out.data());
  return copyOut(out);
}

val fitJs(const std::string& method, const val& X, int nRows, int nCols, const val& y, int yCols,
          const val& options, const val& warmCoef, const val& warmIntercept, const val& onProgress) {
  const JsMatrix x(X, nRows, nCols);
  if (std::string why = x.check(); !why.empty()) return invalidInput(why);
  const auto t = doubles(y);
  const Problem problem{x.view(), {t.data(), static_cast<Eigen::Index>(t.size())}, yCols};
  std::unique_ptr<WarmStart> warm;
  if (!warmCoef.isUndefined() && !warmCoef.isNull()) {
    const auto w = doubles(warmCoef), b = doubles(warmIntercept);
    const auto K = static_cast<Eigen::Index>(b.size());
    warm.reset(new WarmStart{Eigen::Map<const Matrix>(w.data(), nCols, K), Eigen::Map<const RowVector>(b.data(), K)});
  }
  return resultToJs(fit(method, problem, toParams(options), controlOf(onProgress), warm.get()));
}

val crossValidateJs(const std::string& method, const val& X, int nRows, int nCols, const val& y, int yCols,
                    const val& options, const val& gridNames, const val& gridValues, const val& cv,
                    const val& onProgress) {
  const JsMatrix x(X, nRows, nCols);
  if (std::string why = x.check(); !why.empty()) return invalidInput(why);
  const auto t = doubles(y);
  const Problem problem{x.view(), {t.data(), static_cast<Eigen::Index>(t.size())}, yCols};
  Grid grid;
  const int names = gridNames["length"].as<int>();
  for (int g = 0; g < names; ++g) grid.push_back({gridNames[g].as<std::string>(), doubles(gridValues[g])});
  CrossValidationOptions o;
  if (std::string why = crossValidationSchema().read(toParams(cv), o); !why.empty()) return invalidInput(why);
  const CrossValidationResult r = crossValidate(method, problem, toParams(options), grid, o, controlOf(onProgress));
  val out = val::object();
  out.set("status", std::string(statusName(r.status)));
  out.set("message", r.message);
  if (r.status == Status::InvalidInput || r.status == Status::Aborted) return out;
  out.set("metric", r.metric);
  out.set("best", static_cast<int>(r.best));
  val points = val::array();
  for (const GridPoint& g : r.grid) {
    val p = val::object();
    p.set("values", copyOut(g.values));
    p.set("mean", g.mean);
    p.set("std", g.std);
    p.set("scores", copyOut(g.scores));
    points.call<void>("push", p);
  }
  out.set("grid", points);
  out.set("model", resultToJs(r.model));
  return out;
}

val generateJs(const std::string& name, const val& options) {
  SyntheticProblem p;
  val out = val::object();
  if (std::string why = generate(name, toParams(options), p); !why.empty()) {
    out.set("error", why);
    return out;
  }
  auto matrix = [](const RowMatrix& X) { return copyOut("Float64Array", X.data(), static_cast<std::size_t>(X.size())); };
  out.set("X", matrix(p.X));
  out.set("nRows", static_cast<int>(p.X.rows()));
  out.set("nCols", static_cast<int>(p.X.cols()));
  out.set("nTest", static_cast<int>(p.Xtest.rows()));
  out.set("nValidation", static_cast<int>(p.Xvalidation.rows()));
  out.set("y", copyOut(p.y));
  out.set("Xvalidation", matrix(p.Xvalidation));
  out.set("yvalidation", copyOut(p.yvalidation));
  out.set("Xtest", matrix(p.Xtest));
  out.set("ytest", copyOut(p.ytest));
  out.set("coef", copyOut(p.coef));
  out.set("groups", copyOut(p.groups));
  return out;
}

val experimentJs(const std::string& id, const val& options, const val& onProgress) {
  ExperimentOptions o;
  if (std::string why = experimentSchema().read(toParams(options["settings"]), o); !why.empty()) return invalidInput(why);
  const val methods = options["methods"];
  for (int i = 0; i < methods["length"].as<int>(); ++i) o.methods.push_back(methods[i].as<std::string>());
  // One dataset, or (tables whose columns are datasets) a list of them.
  const val data = options["data"];
  std::vector<std::unique_ptr<JsMatrix>> xs;
  std::vector<std::vector<double>> ts;
  std::vector<std::unique_ptr<Problem>> problems;
  const bool list = !data.isUndefined() && !data.isNull() && data.isArray();
  const int count = list ? data["length"].as<int>() : (data.isUndefined() || data.isNull() ? 0 : 1);
  for (int k = 0; k < count; ++k) {
    const val one = list ? data[k] : data;
    const std::string field = list ? "data[" + std::to_string(k) + "]." : "data.";
    xs.emplace_back(new JsMatrix(one["X"], one["nRows"].as<int>(), one["nCols"].as<int>()));
    if (std::string why = xs.back()->check(); !why.empty()) return invalidInput(field + why);
    ts.push_back(doubles(one["y"]));
    problems.emplace_back(new Problem{xs.back()->view(), {ts.back().data(), static_cast<Eigen::Index>(ts.back().size())}});
    if (list) o.datasets.push_back(problems.back().get());
    else o.data = problems.back().get();
  }
  const ExperimentResult r = runExperiment(id, o, controlOf(onProgress));
  val out = val::object();
  out.set("status", std::string(statusName(r.status)));
  out.set("message", r.message);
  if (r.status != Status::Converged) return out;
  out.set("reps", r.reps);
  out.set("seed", static_cast<double>(o.seed));
  out.set("fast", o.fast);
  out.set("seconds", r.seconds);
  std::vector<double> tasks(r.tasks.begin(), r.tasks.end());
  out.set("tasks", copyOut(tasks));
  out.set("totalTasks", static_cast<double>(r.totalTasks));
  val rows = val::array();
  for (const ExperimentRow& row : r.rows) {
    val x = val::object();
    x.set("method", row.label);
    x.set("msPerFit", row.msPerFit);
    val cells = val::array();
    for (const ExperimentCell& c : row.cells) {
      val cell = val::object();
      cell.set("mean", c.mean);
      cell.set("std", c.std);
      cell.set("values", copyOut(c.values));
      cells.call<void>("push", cell);
    }
    x.set("cells", cells);
    val paper = val::array();
    for (const PaperCell& p : row.paper) {
      val cell = val::object();
      cell.set("mean", p.mean);
      cell.set("std", p.std);
      paper.call<void>("push", cell);
    }
    x.set("paper", paper);
    rows.call<void>("push", x);
  }
  out.set("rows", rows);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(supclust) {
  emscripten::function("info", &info);
  emscripten::function("kmeans1d", &kmeans1dJs);
  emscripten::function("projectSparseGroups", &projectSparseGroupsJs);
  emscripten::function("fit", &fitJs);
  emscripten::function("crossValidate", &crossValidateJs);
  emscripten::function("proxOwl", &proxOwlJs);
  emscripten::function("proxCliqueFusion", &proxCliqueFusionJs);
  emscripten::function("experiment", &experimentJs);
  emscripten::function("generate", &generateJs);
}
