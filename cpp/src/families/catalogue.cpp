// The catalogue over the families a build links (families()), and the calls by method name.
#include "supclust/families/catalogue.hpp"

#include <utility>

namespace supclust {

const std::vector<Method>& methods() {
  static const std::vector<Method> all = [] {
    std::vector<Method> list;
    for (const Family& family : families())
      for (auto& m : family.methods()) {
        m.family = family.name;
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
