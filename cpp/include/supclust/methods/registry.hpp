// The method registry: each method ("ridge", "lsk", "ihc", …) is a named recipe of loss +
// structure + solver + defaults. Nothing else in the library switches on method names.
#pragma once

#include <string>
#include <vector>

#include "supclust/core/design.hpp"
#include "supclust/core/loss.hpp"
#include "supclust/methods/data_scale.hpp"
#include "supclust/methods/options.hpp"

namespace supclust {

// A feature-grouping problem as it crosses the API: X is n x d row-major, y has n entries.
struct Problem {
  Eigen::Map<const RowMatrix> X;
  Eigen::Map<const Vector> y;
};

// A starting point for iterative recipes (a neighbouring fit along a grid), in the caller's
// coordinates. Methods with a closed form ignore it.
struct WarmStart {
  Matrix coef;
  RowVector intercept;
};

// What a recipe receives once data and options are validated.
struct FitContext {
  const CenteredDesign& X;
  const Loss& loss;
  const Matrix& T;  // targets, n x K
  const Options& options;
  const Control& control;
  const WarmStart* warm;  // centred coordinates, or nullptr
};

struct Method {
  std::string name;
  std::string summary;
  std::vector<OptionSpec> options;
  // Checks that need the data's shape (e.g. s >= Q, label count = d; K = outputs); "" when fine.
  std::string (*checkShape)(const Options&, Eigen::Index n, Eigen::Index d, Eigen::Index K);
  // Returns coef and intercept in the centred parametrisation (fit() converts the intercept).
  Result (*run)(const FitContext&);
  // The answer depends on where the solver starts (non-convex: IHC, IHCS, IHT). Cross-
  // validation then fits every grid point from the method's own start, as the final refit
  // does, instead of warm-starting along the grid: otherwise it scores a different estimator.
  bool startDependent{};
  // How the options follow a power-of-two rescaling of extreme data (data_scale.hpp); nullptr:
  // each penalty weight by its degree (rescaleByDegree).
  std::string (*rescale)(const std::vector<OptionSpec>&, Options&, const DataScale&){};
};

const std::vector<Method>& methods();
const Method* findMethod(const std::string& name);

// Validates everything (method, shapes, finiteness, targets, options) before any work, then
// runs the recipe. Never throws for bad input: the Result has Status::InvalidInput and a
// message naming the field.
Result fit(const std::string& method, const Problem& problem, const Params& params,
           const Control& control = {}, const WarmStart* warm = nullptr);

// Every check fit() makes before any work: options, data, shapes ("" or a message).
std::string checkFit(const std::string& method, const Problem& problem, const Params& params);

// The method's options checked and defaults filled, without data ("" or a message).
std::string checkOptions(const std::string& method, const Params& params, Options& out);

// Linear predictor X W + 1 bᵀ (n x K) of a fitted model.
Matrix predict(const Eigen::Ref<const RowMatrix>& X, const Matrix& coef, const RowVector& intercept);

}  // namespace supclust
