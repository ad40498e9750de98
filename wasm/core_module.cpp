// What makes a build the wasm core module: its catalogue holds the linear and grouping families
// only — what the README's example and the demo's first fit call (IHC, the lasso's path, ridge) —
// so that it links none of the others' code, and it runs no paper table (the library module's
// part, wasm/library_module.cpp, is not linked in).
#include "module.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/families/grouping/methods.hpp"
#include "supclust/families/linear/methods.hpp"

namespace supclust {

std::vector<Family> families() { return {{"linear", linearMethods}, {"grouping", groupingMethods}}; }

}  // namespace supclust

bool runsExperiments() { return false; }
