// The catalogue: every family's methods, in the order info() lists them.
#include "supclust/families/experts/methods.hpp"
#include "supclust/families/grouping/methods.hpp"
#include "supclust/families/linear/methods.hpp"
#include "supclust/families/penalties/methods.hpp"
#include "supclust/families/priors/methods.hpp"
#include "supclust/families/tasks/methods.hpp"

#include <utility>

namespace supclust {

const std::vector<Method>& methods() {
  static const std::vector<Method> all = [] {
    std::vector<Method> list;
    const std::pair<const char*, std::vector<Method> (*)()> families[] = {
        {"linear", linearMethods}, {"grouping", groupingMethods}, {"penalties", penaltiesMethods},
        {"priors", priorsMethods}, {"experts", expertsMethods},    {"tasks", tasksMethods}};
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
