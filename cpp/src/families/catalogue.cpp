// Compiled with SUPCLUST_MODULE_CORE (the wasm core module, scripts/build.mjs) the catalogue
// holds the feature-grouping families only — linear, grouping, penalties — so that module links
// none of the others' code.
#include "supclust/families/catalogue.hpp"

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
        {"linear", linearMethods}, {"grouping", groupingMethods}, {"penalties", penaltiesMethods},
#ifndef SUPCLUST_MODULE_CORE
        {"priors", priorsMethods}, {"experts", expertsMethods},   {"tasks", tasksMethods},
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

const Method* findMethod(const std::string& name) {
  for (const auto& m : methods())
    if (m.name == name) return &m;
  return nullptr;
}

namespace {
Refusal unknownMethod(const std::string& name) {
  std::string known;
  for (const auto& k : methods()) known += (known.empty() ? "" : ", ") + k.name;
  return Refusal("method", "unknown method '" + name + "' (known: " + known + ")");
}
}  // namespace

Result fit(const std::string& method, const Problem& problem, const Params& params, const Control& control,
           const WarmStart* warm) {
  const Method* m = findMethod(method);
  return m ? fit(*m, problem, params, control, warm) : Result::invalid(unknownMethod(method));
}

Refusal checkFit(const std::string& method, const Problem& problem, const Params& params,
                 std::unique_ptr<HeldDesign>* whole) {
  const Method* m = findMethod(method);
  return m ? checkFit(*m, problem, params, whole) : unknownMethod(method);
}

Refusal checkOptions(const std::string& method, const Params& params, Options& out) {
  const Method* m = findMethod(method);
  return m ? checkOptions(*m, params, out) : unknownMethod(method);
}

CrossValidationResult crossValidate(const std::string& method, const Problem& problem, const Params& base,
                                    const Grid& grid, const CrossValidationOptions& options, const Control& control) {
  if (const Method* m = findMethod(method)) return crossValidate(*m, problem, base, grid, options, control);
  return refusedAnswer<CrossValidationResult>(unknownMethod(method));
}

PathResult path(const std::string& method, const Problem& problem, const Params& base,
                const std::vector<double>& sequence, const PathOptions& options, const Control& control,
                const std::string& over) {
  if (const Method* m = findMethod(method)) return path(*m, problem, base, sequence, options, control, over);
  return refusedAnswer<PathResult>(unknownMethod(method));
}

StabilityResult stability(const std::string& method, const Problem& problem, const Params& params,
                          const StabilityOptions& options, const Control& control) {
  if (const Method* m = findMethod(method)) return stability(*m, problem, params, options, control);
  return refusedAnswer<StabilityResult>(unknownMethod(method));
}

ValidationSelection selectOnValidation(const std::string& method, const Problem& train, const DataMatrix& Xvalidation,
                                       const Vector& yvalidation, const Params& base, const Grid& grid,
                                       const Control& control) {
  if (const Method* m = findMethod(method))
    return selectOnValidation(*m, train, Xvalidation, yvalidation, base, grid, control);
  ValidationSelection r;
  r.status = Status::InvalidInput;
  r.message = unknownMethod(method).message();
  return r;
}

}  // namespace supclust
