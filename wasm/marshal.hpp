// Conversions between JavaScript values and the library's types for the bindings
// (bindings.cpp): typed arrays copied out once, JS arrays copied in once, objects built from
// field lists, a JS options object read as Params; statuses, refusals, X, run control and results.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <emscripten/val.h>

#include "supclust/base/types.hpp"
#include "supclust/base/refusal.hpp"
#include "supclust/base/uninitialised.hpp"
#include "supclust/core/data_matrix.hpp"
#include "supclust/experiments/experiment.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/held_datasets.hpp"
#include "supclust/methods/path.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/methods/stability.hpp"
#include "supclust/methods/options.hpp"
#include "supclust/metrics/prediction.hpp"

namespace supclust::marshal {

using emscripten::val;

template <class T>
val copyOut(const char* type, const T* data, std::size_t n) {
  return val::global(type).new_(emscripten::typed_memory_view(n, data));
}
inline val copyOut(const std::vector<double>& v) { return copyOut("Float64Array", v.data(), v.size()); }
inline val copyOut(const Labels& v) { return copyOut("Int32Array", v.data(), v.size()); }
template <class M>
val copyOut(const Eigen::DenseBase<M>& m) {  // column-major
  const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic> dense = m;
  return copyOut("Float64Array", dense.data(), static_cast<std::size_t>(dense.size()));
}
inline std::vector<double> doubles(const val& a) { return emscripten::convertJSArrayToNumberVector<double>(a); }
inline std::vector<std::int32_t> ints(const val& a) {
  return emscripten::convertJSArrayToNumberVector<std::int32_t>(a);
}
// A JS array or typed array copied into a buffer sized for it and not zeroed first (a 20 MB X
// is written once, by the copy).
template <class T>
UninitialisedVector<T> copyIn(const val& a) {
  UninitialisedVector<T> out(a["length"].as<std::size_t>());
  val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", a);
  return out;
}
inline bool given(const val& v) { return !v.isUndefined() && !v.isNull(); }
inline std::string text(const val& v) { return v.as<std::string>(); }
// An object of the given fields, in order; an array of f(item) for each item.
inline val object(std::initializer_list<std::pair<const char*, val>> fields, val o = val::object()) {
  for (const auto& [key, value] : fields) o.set(key, value);
  return o;
}
template <class C, class F>
val list(const C& items, F f) {
  val a = val::array();
  for (const auto& x : items) a.call<void>("push", f(x));
  return a;
}
// Whether v is a Float64Array (clang-format would space the member call as Java's keyword).
// clang-format off
inline bool isFloat64Array(const val& v) { return v.instanceof(val::global("Float64Array")); }
// clang-format on
// A grid { names, values }: each name with its list of values.
inline Grid gridOf(const val& g) {
  Grid grid;
  const val names = g["names"], values = g["values"];
  for (int k = 0; k < names["length"].as<int>(); ++k) grid.push_back({text(names[k]), doubles(values[k])});
  return grid;
}
// A JS object's entries as Params: numbers, booleans, strings, Float64Arrays as number lists
// (validate.ts sends a numbers option as one), and other arrays as integer lists.
inline Params toParams(const val& options) {
  Params p;
  if (!given(options)) return p;
  const val keys = val::global("Object").call<val>("keys", options);
  for (int i = 0; i < keys["length"].as<int>(); ++i) {
    const std::string k = keys[i].as<std::string>(), t = options[k].typeOf().as<std::string>();
    if (t == "number") p.numbers[k] = options[k].as<double>();
    else if (t == "boolean") p.flags[k] = options[k].as<bool>();
    else if (t == "string") p.strings[k] = options[k].as<std::string>();
    else if (t == "object" && isFloat64Array(options[k])) p.vectors[k] = doubles(options[k]);
    else if (t == "object" && !options[k].isNull()) p.labels[k] = ints(options[k]);
  }
  return p;
}

// A call's status as every answer carries it: { status, message }, and the field a refusal names.
inline val statusOf(Status s, const std::string& message, const std::string& field) {
  val o = object({{"status", val(std::string(statusName(s)))}, {"message", val(message)}});
  if (s == Status::InvalidInput) o.set("field", field);
  return o;
}
inline val refused(const Refusal& why) { return statusOf(Status::InvalidInput, why.message(), why.field); }

// X (a Float64Array, dense row-major, or CSR { indptr, indices, values }) copied in once.
inline StoredData dataOf(const val& x, int rows, int cols) {
  StoredData X{given(x["indptr"]), rows, cols};
  X.values = copyIn<double>(X.sparse ? x["values"] : x);
  if (X.sparse) X.indptr = copyIn<std::int32_t>(x["indptr"]), X.indices = copyIn<std::int32_t>(x["indices"]);
  return X;
}

// A request's data, { X, nRows, nCols, y?, yCols?, weights?, offset? }: X a held dataset's id (a
// number, one of `datasets`) or arrays copied in for this call; weights, the rows' observation
// weights; offset, their offsets.
struct CallData {
  StoredData own;
  std::vector<double> y, weights, offset;
  std::unique_ptr<Problem> problem;
  Refusal why;
  CallData(const val& r, const HeldDatasets& datasets)
      : y(given(r["y"]) ? doubles(r["y"]) : std::vector<double>()),
        weights(given(r["weights"]) ? doubles(r["weights"]) : std::vector<double>()),
        offset(given(r["offset"]) ? doubles(r["offset"]) : std::vector<double>()) {
    const Eigen::Map<const Vector> Y(y.data(), static_cast<Eigen::Index>(y.size())),
        W(weights.data(), static_cast<Eigen::Index>(weights.size())),
        O(offset.data(), static_cast<Eigen::Index>(offset.size()));
    const int yCols = given(r["yCols"]) ? r["yCols"].as<int>() : 1;
    if (r["X"].typeOf().as<std::string>() == "number") {
      const HeldDesign* held = datasets.find(r["X"].as<int>());
      if (!held) why = Refusal("X", "the dataset is not held by this module (it was released, or storing it failed)");
      else problem.reset(new Problem{held->X(), Y, yCols, held, datasets.bytes(), W, O});
      return;
    }
    own = dataOf(r["X"], r["nRows"].as<int>(), r["nCols"].as<int>());
    if ((why = own.check()).empty()) problem.reset(new Problem{own.view(), Y, yCols, nullptr, datasets.bytes(), W, O});
  }
};

// A fit's warm start, { coef (column-major d × K), intercept }, or none. A coef that is not d × K
// entries becomes 0 rows, which fit() refuses as a warm start of another shape.
inline std::unique_ptr<WarmStart> warmStartOf(const val& w) {
  if (!given(w)) return nullptr;
  const std::vector<double> coef = doubles(w["coef"]), intercept = doubles(w["intercept"]);
  const auto K = static_cast<Eigen::Index>(intercept.size());
  const auto d = K > 0 && coef.size() % intercept.size() == 0 ? static_cast<Eigen::Index>(coef.size()) / K : 0;
  return std::unique_ptr<WarmStart>(
      new WarmStart{Eigen::Map<const Matrix>(coef.data(), d, K), Eigen::Map<const RowVector>(intercept.data(), K)});
}

// A table's data: one { X, nRows, nCols, y } (o.data) or, for tables whose columns are datasets,
// a list (o.datasets), each read into `problems`; a refusal names data. or data[k].
inline Refusal experimentDataOf(const val& data, const HeldDatasets& datasets,
                                std::vector<std::unique_ptr<CallData>>& problems, ExperimentOptions& o) {
  const int count = !given(data) ? 0 : data.isArray() ? data["length"].as<int>() : 1;
  for (int k = 0; k < count; ++k) {
    problems.emplace_back(new CallData(data.isArray() ? data[k] : data, datasets));
    const Refusal& why = problems.back()->why;
    if (!why.empty())
      return why.as((data.isArray() ? "data[" + std::to_string(k) + "]." : std::string("data.")) + why.field);
    if (data.isArray()) o.datasets.push_back(problems.back()->problem.get());
    else o.data = problems.back()->problem.get();
  }
  return {};
}

// A generated problem's arrays (row-major X, Xvalidation, Xtest) and sizes, as generate() returns them.
inline val syntheticToJs(const SyntheticProblem& p) {
  const auto rows = [](const RowMatrix& X) {
    return copyOut("Float64Array", X.data(), static_cast<std::size_t>(X.size()));
  };
  const auto count = [](const RowMatrix& X) { return val(static_cast<int>(X.rows())); };
  return object({{"X", rows(p.X)},
                 {"nRows", count(p.X)},
                 {"nCols", val(static_cast<int>(p.X.cols()))},
                 {"y", copyOut(p.y)},
                 {"Xvalidation", rows(p.Xvalidation)},
                 {"nValidation", count(p.Xvalidation)},
                 {"yvalidation", copyOut(p.yvalidation)},
                 {"Xtest", rows(p.Xtest)},
                 {"nTest", count(p.Xtest)},
                 {"ytest", copyOut(p.ytest)},
                 {"coef", copyOut(p.coef)},
                 {"groups", copyOut(p.groups)}});
}

// A JS progress callback as the library's run control: (iteration, objective) → keep going?
inline Control controlOf(const val& onProgress) {
  Control control;
  if (given(onProgress))
    control.progress = [&onProgress](int it, double f) {
      const val keep = onProgress(it, f);
      return keep.isUndefined() || keep.as<bool>();
    };
  return control;
}

// A fitted model, or its refusal.
inline val resultToJs(const Result& r) {
  if (r.status == Status::InvalidInput) return statusOf(r.status, r.message, r.field);
  return object({{"kind", val(std::string(kindName(r.kind)))},
                 {"outputs", val(static_cast<int>(r.coef.cols()))},
                 {"coef", copyOut(r.coef)},
                 {"intercept", copyOut(r.intercept)},
                 {"groups", copyOut(r.groups)},
                 {"centroids", copyOut(r.centroids)},
                 {"iterations", val(r.iterations)},
                 {"objective", val(r.objective)},
                 {"history", copyOut(r.history)},
                 {"warnings", list(r.warnings, [](const std::string& w) { return val(w); })},
                 {"starts", val(r.starts)},
                 {"startsAtBest", val(r.startsAtBest)},
                 {"gateCoef", copyOut(r.gate.coef)},
                 {"gateIntercept", copyOut(r.gate.intercept)},
                 {"variances", copyOut(r.variances)},
                 {"criterion", val(r.criterion)}},
                statusOf(r.status, r.message, r.field));
}

// A cross-validation's grid, choice and refit model, or its refusal.
inline val crossValidationToJs(const CrossValidationResult& cv) {
  if (cv.status == Status::InvalidInput || cv.status == Status::Aborted)
    return statusOf(cv.status, cv.message, cv.field);
  const val points = list(cv.grid, [](const GridPoint& g) {
    return object({{"values", copyOut(g.values)},
                   {"mean", val(g.mean)},
                   {"std", val(g.std)},
                   {"se", val(g.se)},
                   {"scores", copyOut(g.scores)}});
  });
  return object({{"metric", val(cv.metric)},
                 {"higherIsBetter", val(cv.higherIsBetter)},
                 {"best", val(static_cast<int>(cv.best))},
                 {"best1se", val(static_cast<int>(cv.best1se))},
                 {"grid", points},
                 {"model", resultToJs(cv.model)}},
                statusOf(cv.status, cv.message, cv.field));
}

// A path's points (each model as a fit's; cross-validated, each point's folds), its ray and top,
// its cross-validation's choices (−1 when not cross-validated), or its refusal.
inline val pathToJs(const PathResult& p) {
  if (p.status == Status::InvalidInput || p.status == Status::Aborted) return statusOf(p.status, p.message, p.field);
  static const char* kinds[] = {"exact", "bound", "scale"};
  const val points = list(p.points, [](const PathPoint& q) {
    val o = object({{"value", val(q.value)},
                    {"weights", copyOut(q.weights)},
                    {"devianceRatio", val(q.devianceRatio)},
                    {"nonZeros", val(static_cast<double>(q.nonZeros))},
                    {"groups", val(static_cast<double>(q.groups))},
                    {"criterion", val(q.criterion)},
                    {"model", resultToJs(q.model)}});
    if (!q.cv.scores.empty())
      o.set("cv", object({{"mean", val(q.cv.mean)},
                          {"std", val(q.cv.std)},
                          {"se", val(q.cv.se)},
                          {"scores", copyOut(q.cv.scores)}}));
    return o;
  });
  return object({{"weights", list(p.weights, [](const std::string& w) { return val(w); })},
                 {"weight", val(static_cast<int>(p.weight))},
                 {"ray", copyOut(p.ray)},
                 {"top", val(p.top.value)},
                 {"topKind", val(std::string(kinds[static_cast<int>(p.top.kind)]))},
                 {"stopped", val(p.stopped)},
                 {"bestCriterion", val(static_cast<int>(p.bestCriterion))},
                 {"points", points},
                 {"metric", val(p.metric)},
                 {"higherIsBetter", val(p.higherIsBetter)},
                 {"folds", val(p.folds)},
                 {"best", val(static_cast<int>(p.best))},
                 {"best1se", val(static_cast<int>(p.best1se))}},
                statusOf(p.status, p.message, p.field));
}

// A stability's frequencies and consensus, or its refusal.
inline val stabilityToJs(const StabilityResult& s) {
  if (s.status == Status::InvalidInput || s.status == Status::Aborted) return statusOf(s.status, s.message, s.field);
  std::vector<std::int32_t> i, j;
  std::vector<double> frequency;
  for (const CoGroupedPair& p : s.pairs) i.push_back(p.i), j.push_back(p.j), frequency.push_back(p.frequency);
  return object({{"resamples", val(s.resamples)},
                 {"rows", val(s.rows)},
                 {"selection", copyOut(s.selection)},
                 {"pairs", object({{"i", copyOut(i)}, {"j", copyOut(j)}, {"frequency", copyOut(frequency)}})},
                 {"coGrouping", copyOut(s.coGrouping)},
                 {"consensus", copyOut(s.consensus)},
                 {"partitions", copyOut(s.partitions)}},
                statusOf(s.status, s.message, s.field));
}

// A model as a prediction call sends it: { kind, coef (row-major d × K), intercept, classes, oneVsAll, loss,
// gateCoef (row-major d × Q), gateIntercept }.
inline Predictor predictorOf(const val& m) {
  const std::vector<double> coef = doubles(m["coef"]), intercept = doubles(m["intercept"]);
  const std::vector<double> gateCoef = doubles(m["gateCoef"]), gateIntercept = doubles(m["gateIntercept"]);
  const auto K = static_cast<Eigen::Index>(intercept.size()),
             d = K > 0 ? static_cast<Eigen::Index>(coef.size()) / K : 0;
  const auto Q = static_cast<Eigen::Index>(gateIntercept.size());
  return {
      m["kind"].as<std::string>() == kindName(ModelKind::Experts) ? ModelKind::Experts : ModelKind::Features,
      Eigen::Map<const RowMatrix>(coef.data(), d, K),
      Eigen::Map<const RowVector>(intercept.data(), K),
      m["classes"].as<int>(),
      m["oneVsAll"].as<bool>(),
      Gate{Eigen::Map<const RowMatrix>(gateCoef.data(), Q > 0 ? static_cast<Eigen::Index>(gateCoef.size()) / Q : 0, Q),
           Eigen::Map<const RowVector>(gateIntercept.data(), Q)},
      m["loss"].as<std::string>() == "multinomial",
      m["offset"].as<bool>()};
}
inline Answer answerNamed(const std::string& name) {
  return name == "probabilities" ? Answer::Probabilities
         : name == "classes"     ? Answer::Classes
         : name == "experts"     ? Answer::Experts
         : name == "answers"     ? Answer::ExpertAnswers
                                 : Answer::Scores;
}

// A prediction's answer, row-major: { values } (scores, probabilities), { classes } (Int32Array), or
// the experts' { expert, prediction, mse, error }; or its refusal.
inline val answersToJs(const Answers& a, Answer what) {
  if (!a.why.empty()) return refused(a.why);
  if (what == Answer::Classes) return object({{"classes", copyOut(a.classes)}});
  if (what == Answer::Experts)
    return object({{"expert", copyOut(a.expert)},
                   {"prediction", copyOut(a.values)},
                   {"mse", val(a.mse)},
                   {"error", val(a.error)}});
  if (what == Answer::ExpertAnswers)
    return object({{"values", copyOut(a.values.transpose())}, {"gate", copyOut(a.gate.transpose())}});
  return object({{"values", copyOut(a.values.transpose())}});
}

// A model's score: { metric, value, higherIsBetter }, or its refusal.
inline val scoreToJs(const ModelScore& s) {
  if (!s.why.empty()) return refused(s.why);
  return object({{"metric", val(s.metric)}, {"value", val(s.value)}, {"higherIsBetter", val(s.higherIsBetter)}});
}

// A table's rows, cells and paper figures under the settings it ran with, or its refusal.
inline val experimentToJs(const ExperimentResult& e, const ExperimentOptions& o) {
  if (e.status != Status::Converged) return statusOf(e.status, e.message, e.field);
  const val rows = list(e.rows, [](const ExperimentRow& row) {
    const val cells = list(row.cells, [](const ExperimentCell& c) {
      return object({{"mean", val(c.mean)}, {"std", val(c.std)}, {"values", copyOut(c.values)}});
    });
    const val paper = list(row.paper, [](const PaperCell& c) {
      return object({{"mean", val(c.mean)}, {"std", val(c.std)}});
    });
    return object({{"method", val(row.label)}, {"msPerFit", val(row.msPerFit)}, {"cells", cells}, {"paper", paper}});
  });
  return object({{"reps", val(e.reps)},
                 {"seed", val(static_cast<double>(o.seed))},
                 {"fast", val(o.fast)},
                 {"seconds", val(e.seconds)},
                 {"tasks", copyOut(std::vector<double>(e.tasks.begin(), e.tasks.end()))},
                 {"totalTasks", val(static_cast<double>(e.totalTasks))},
                 {"rows", rows}},
                statusOf(e.status, e.message, e.field));
}

}  // namespace supclust::marshal
