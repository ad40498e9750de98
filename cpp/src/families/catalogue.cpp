// The catalogue: every family's methods, in the order info() lists them. Compiled with
// SUPCLUST_MODULE_CORE (the wasm core module, scripts/build.mjs) it holds the feature-grouping
// families only — linear, grouping, penalties — so that module links none of the others' code.
#include "supclust/families/grouping/methods.hpp"
#include "supclust/families/linear/methods.hpp"
#include "supclust/families/penalties/methods.hpp"
#ifndef SUPCLUST_MODULE_CORE
#include "supclust/families/experts/methods.hpp"
#include "supclust/families/priors/methods.hpp"
#include "supclust/families/tasks/methods.hpp"
#endif

#include <utility>

namespace supclust {

const std::vector<Method>& methods() {
  static const std::vector<Method> all = [] {
    std::vector<Method> list;
    const std::pair<const char*, std::vector<Method> (*)()> families[] = {
        {"linear", linearMethods},
        {"grouping", groupingMethods},
        {"penalties", penaltiesMethods},
#ifndef SUPCLUST_MODULE_CORE
        {"priors", priorsMethods},
        {"experts", expertsMethods},
        {"tasks", tasksMethods},
#endif
    };
    for (const auto& [family, list_of] : families)
      for (auto& m : list_of()) {
        m.family = family;
        list.push_back(std::move(m));
      }
    return list;
  }();
  return all;
}

}  // namespace supclust
