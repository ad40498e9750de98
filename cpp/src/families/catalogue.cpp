// The catalogue: every family's methods, in the order info() lists them.
#include "supclust/families/experts/methods.hpp"
#include "supclust/families/grouping/methods.hpp"
#include "supclust/families/linear/methods.hpp"
#include "supclust/families/penalties/methods.hpp"
#include "supclust/families/priors/methods.hpp"
#include "supclust/families/tasks/methods.hpp"

namespace supclust {

const std::vector<Method>& methods() {
  static const std::vector<Method> all = [] {
    std::vector<Method> list;
    for (auto family : {linearMethods, groupingMethods, penaltiesMethods, priorsMethods, expertsMethods, tasksMethods})
      for (auto& m : family()) list.push_back(std::move(m));
    return list;
  }();
  return all;
}

}  // namespace supclust
