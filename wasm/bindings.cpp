// The embind layer: one request object in per call (the worker's request, web/src/protocol.ts),
// plain JS objects out, nothing else. Arrays cross once each way (one bulk copy into the heap,
// one out); no view into wasm memory survives a call. A refusal crosses as { status:
// 'invalid-input', field, message }, the field as the check named it (base/refusal.hpp).
// Both wasm modules link this file (wasm/wasm.cmake): the kernels, the calls around fits (fit,
// path, stability, cross-validation, predictions, generate) on the families the module's
// catalogue holds; the library module adds experiment() and describe() (library_module.cpp).
// contents() says which methods a module holds and whether it runs experiment().
#include <emscripten/bind.h>

#include "marshal.hpp"
#include "module.hpp"
#include "requests.hpp"
#include "supclust/base/parallel.hpp"
#include "supclust/base/thread_limit.hpp"
#include "supclust/kernels/clique_fusion.hpp"
#include "supclust/kernels/kmeans1d.hpp"
#include "supclust/kernels/owl.hpp"
#include "supclust/kernels/sparse_groups.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/held_datasets.hpp"
#include "supclust/methods/registry.hpp"

using namespace supclust;
using namespace supclust::marshal;

namespace {

// This module's threads, its methods' names and whether it runs experiment().
val contents() {
  val names = val::array();
  for (const Method& m : methods()) names.call<void>("push", val(m.name));
  return object({{"threads", val(availableThreads())}, {"methods", names}, {"experiment", val(runsExperiments())}});
}

// { values, Q }
val kmeans1dJs(const val& r) {
  const auto u = doubles(r["values"]);
  if (Refusal why = checkKMeans1DCall(u.data(), u.size(), r["Q"].as<double>()); !why.empty()) return refused(why);
  const KMeans1DResult k = kmeans1d(u.data(), u.size(), r["Q"].as<int>());
  return object({{"labels", copyOut(k.labels)}, {"centroids", copyOut(k.centroids)}, {"sse", val(k.sse)}});
}

// { values, s, Q }
val projectSparseGroupsJs(const val& r) {
  const auto u = doubles(r["values"]);
  const double s = r["s"].as<double>(), Q = r["Q"].as<double>();
  if (Refusal why = checkSparseGroupsCall(u.data(), u.size(), s, Q); !why.empty()) return refused(why);
  const SparseGroupsResult p =
      projectSparseGroups(u.data(), u.size(), static_cast<std::size_t>(s), static_cast<int>(Q));
  return object({{"values", copyOut(p.values)}, {"labels", copyOut(p.labels)}, {"centroids", copyOut(p.centroids)}});
}

// { values, weights }
val proxOwlJs(const val& r) {
  auto v = doubles(r["values"]);
  const auto w = doubles(r["weights"]);
  if (Refusal why = checkOwlCall(v.data(), v.size(), w.data(), w.size()); !why.empty()) return refused(why);
  OwlProx().apply(v.data(), v.size(), w.data(), v.data());
  return object({{"values", copyOut(v)}});
}

// { values, lambda1, lambda2 }
val proxCliqueFusionJs(const val& r) {
  auto v = doubles(r["values"]);
  const double lambda1 = r["lambda1"].as<double>(), lambda2 = r["lambda2"].as<double>();
  if (Refusal why = checkCliqueFusionCall(v.data(), v.size(), lambda1, lambda2); !why.empty()) return refused(why);
  std::vector<double> out(v.size());
  CliqueFusionProx().apply(v.data(), v.size(), lambda1, lambda2, out.data());
  return object({{"values", copyOut(out)}});
}

// { dataset, X, nRows, nCols }: stored under the caller's id, checked once.
val holdJs(const val& r) {
  if (Refusal why =
          callerDatasets().hold(r["dataset"].as<int>(), dataOf(r["X"], r["nRows"].as<int>(), r["nCols"].as<int>()));
      !why.empty())
    return refused(why);
  return val::undefined();
}

// { dataset }
void releaseJs(const val& r) { callerDatasets().release(r["dataset"].as<int>()); }

// { method, X, nRows, nCols, y, yCols, options, warmStart?: { coef (column-major d × K), intercept } }
val fitJs(const val& r, const val& onProgress) {
  const CallData data(r, callerDatasets());
  if (!data.why.empty()) return refused(data.why);
  const std::unique_ptr<WarmStart> warm = warmStartOf(r["warmStart"]);
  return resultToJs(fit(text(r["method"]), *data.problem, toParams(r["options"]), controlOf(onProgress), warm.get()));
}

// { model: { kind, coef, intercept, classes, oneVsAll, offset }, answer, X, nRows, nCols, y?, offset? }
val predictJs(const val& r) {
  const CallData data(r, callerDatasets());
  if (!data.why.empty()) return refused(data.why);
  const Answer what = answerNamed(text(r["answer"]));
  return answersToJs(answer(what, predictorOf(r["model"]), data.problem->X, data.problem->y, data.problem->offset),
                     what);
}

// { model: { kind, coef, intercept, classes, oneVsAll, loss, offset }, metric, X, nRows, nCols, y, yCols, offset? }
val scoreJs(const val& r) {
  const CallData data(r, callerDatasets());
  if (!data.why.empty()) return refused(data.why);
  const Predictor p = predictorOf(r["model"]);
  if (Refusal why = checkPredictionOffset(p.offset, data.problem->offset, data.problem->X.rows()); !why.empty())
    return refused(why);
  return scoreToJs(
      scoreModel(Result{p.kind, p.coef, p.intercept}, text(r["model"]["loss"]), *data.problem, text(r["metric"])));
}

// { method, X, nRows, nCols, y, yCols, options, grid: { names, values }, settings }
val crossValidateJs(const val& r, const val& onProgress) {
  const CallData data(r, callerDatasets());
  if (!data.why.empty()) return refused(data.why);
  CrossValidationOptions o;
  if (Refusal why = crossValidationSchema().read(toParams(r["settings"]), o); !why.empty()) return refused(why);
  const CrossValidationResult cv = crossValidate(text(r["method"]), *data.problem, toParams(r["options"]),
                                                 gridOf(r["grid"]), o, controlOf(onProgress));
  return crossValidationToJs(cv);
}

// { method, X, nRows, nCols, y, yCols, options, sequence (or empty), settings, over? }
val pathJs(const val& r, const val& onProgress) {
  const CallData data(r, callerDatasets());
  if (!data.why.empty()) return refused(data.why);
  PathOptions o;
  if (Refusal why = pathSchema().read(toParams(r["settings"]), o); !why.empty()) return refused(why);
  const std::string over = given(r["over"]) ? text(r["over"]) : "";
  return pathToJs(path(text(r["method"]), *data.problem, toParams(r["options"]), doubles(r["sequence"]), o,
                       controlOf(onProgress), over));
}

// { method, X, nRows, nCols, y, yCols, options, settings }
val stabilityJs(const val& r, const val& onProgress) {
  const CallData data(r, callerDatasets());
  if (!data.why.empty()) return refused(data.why);
  StabilityOptions o;
  if (Refusal why = stabilitySchema().read(toParams(r["settings"]), o); !why.empty()) return refused(why);
  return stabilityToJs(stability(text(r["method"]), *data.problem, toParams(r["options"]), o, controlOf(onProgress)));
}

// { name, options }
val generateJs(const val& r) {
  SyntheticProblem p;
  if (Refusal why = generate(text(r["name"]), toParams(r["options"]), p); !why.empty()) return refused(why);
  return syntheticToJs(p);
}

}  // namespace

HeldDatasets& callerDatasets() {
  static HeldDatasets datasets;
  return datasets;
}

EMSCRIPTEN_BINDINGS(supclust) {
  emscripten::function("contents", &contents);
  emscripten::function("limitThreads", &limitThreads);
  emscripten::function("kmeans1d", &kmeans1dJs);
  emscripten::function("projectSparseGroups", &projectSparseGroupsJs);
  emscripten::function("proxOwl", &proxOwlJs);
  emscripten::function("proxCliqueFusion", &proxCliqueFusionJs);
  emscripten::function("hold", &holdJs);
  emscripten::function("release", &releaseJs);
  emscripten::function("fit", &fitJs);
  emscripten::function("crossValidate", &crossValidateJs);
  emscripten::function("predict", &predictJs);
  emscripten::function("score", &scoreJs);
  emscripten::function("path", &pathJs);
  emscripten::function("stability", &stabilityJs);
  emscripten::function("generate", &generateJs);
}
