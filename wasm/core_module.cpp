// What makes a build the wasm core module: its catalogue holds the feature-grouping families
// only — linear, grouping, penalties — so that it links none of the others' code, and it runs no
// paper table (the library module's part, wasm/library_module.cpp, is not linked in).
#include "module.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/families/grouping/methods.hpp"
#include "supclust/families/linear/methods.hpp"
#include "supclust/families/penalties/methods.hpp"

namespace supclust {

std::vector<Family> families() {
  return {{"linear", linearMethods}, {"grouping", groupingMethods}, {"penalties", penaltiesMethods}};
}

}  // namespace supclust

bool runsExperiments() { return false; }
