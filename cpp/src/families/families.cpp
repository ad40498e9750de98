// Every family, in the order info() lists them: the native library's catalogue and the wasm
// library module's (the core module links its own two, wasm/core_module.cpp).
#include "supclust/families/catalogue.hpp"
#include "supclust/families/experts/methods.hpp"
#include "supclust/families/grouping/methods.hpp"
#include "supclust/families/linear/methods.hpp"
#include "supclust/families/penalties/methods.hpp"
#include "supclust/families/priors/methods.hpp"
#include "supclust/families/tasks/methods.hpp"

namespace supclust {

std::vector<Family> families() {
  return {{"linear", linearMethods}, {"grouping", groupingMethods}, {"penalties", penaltiesMethods},
          {"priors", priorsMethods}, {"experts", expertsMethods},   {"tasks", tasksMethods}};
}

}  // namespace supclust
