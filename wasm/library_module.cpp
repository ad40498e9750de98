// What makes a build the wasm library module, beside every family (families/families.cpp): the
// papers' tables — experiment() — and the library's description, describe() and requests(),
// which scripts/generate-types.mjs reads.
#include <emscripten/bind.h>

#include "marshal.hpp"
#include "module.hpp"
#include "requests.hpp"
#include "supclust/experiments/description.hpp"
#include "supclust/experiments/experiment.hpp"

using namespace supclust;
using namespace supclust::marshal;

bool runsExperiments() { return true; }

namespace {

// { id, settings, methods, data?: one { X, nRows, nCols, y } or (tables whose columns are datasets) a list }
val experimentJs(const val& r, const val& onProgress) {
  ExperimentOptions o;
  if (Refusal why = experimentSchema().read(toParams(r["settings"]), o); !why.empty()) return refused(why);
  const val methods = r["methods"];
  for (int i = 0; i < methods["length"].as<int>(); ++i) o.methods.push_back(text(methods[i]));
  std::vector<std::unique_ptr<CallData>> problems;
  if (Refusal why = experimentDataOf(r["data"], callerDatasets(), problems, o); !why.empty()) return refused(why);
  const ExperimentResult e = runExperiment(text(r["id"]), o, controlOf(onProgress));
  return experimentToJs(e, o);
}

}  // namespace

EMSCRIPTEN_BINDINGS(supclust_library) {
  emscripten::function("describe", &describeLibrary);
  emscripten::function("requests", &wire::requestsJson);
  emscripten::function("experiment", &experimentJs);
}
