// The catalogue: every family's methods in the order info() lists them, and the calls that name
// a method — each finds it here and runs methods/'s call on it; an unknown name is refused
// naming `method` and the known ones. Above the families, below the tables and the bindings.
#pragma once

#include <string>
#include <vector>

#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/path.hpp"
#include "supclust/methods/stability.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/methods/validation_selection.hpp"

namespace supclust {

// A family: its name and its methods' declarations.
struct Family {
  const char* name;
  std::vector<Method> (*methods)();
};
// The families this build links, in the order info() lists them: all six (families/families.cpp),
// or the wasm core module's two (wasm/core_module.cpp).
std::vector<Family> families();

const std::vector<Method>& methods();
// The method of this name, or nullptr.
const Method* findMethod(const std::string& name);

Result fit(const std::string& method, const Problem& problem, const Params& params, const Control& control = {},
           const WarmStart* warm = nullptr);
Refusal checkFit(const std::string& method, const Problem& problem, const Params& params,
                 std::unique_ptr<HeldDesign>* whole = nullptr);
Refusal checkOptions(const std::string& method, const Params& params, Options& out);
CrossValidationResult crossValidate(const std::string& method, const Problem& problem, const Params& base,
                                    const Grid& grid, const CrossValidationOptions& options,
                                    const Control& control = {});
PathResult path(const std::string& method, const Problem& problem, const Params& base,
                const std::vector<double>& sequence, const PathOptions& options, const Control& control = {},
                const std::string& over = "");
StabilityResult stability(const std::string& method, const Problem& problem, const Params& params,
                          const StabilityOptions& options, const Control& control = {});
ValidationSelection selectOnValidation(const std::string& method, const Problem& train, const DataMatrix& Xvalidation,
                                       const Vector& yvalidation, const Params& base, const Grid& grid,
                                       const Control& control = {});

}  // namespace supclust
