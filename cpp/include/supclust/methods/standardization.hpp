// The option every method takes, `standardize` (declared here once; Method's constructor adds it
// to each method's options). A fit with standardize: true solves its problem on
//
//   X' = X S⁻¹,  S = diag(s_1 … s_d),  s_j = sqrt(Σ_i (x_ij − x̄_j)² / n)
//
// (the population standard deviation, as glmnet's standardize = TRUE and scikit-learn's
// StandardScaler; 1 for a constant column), so that penalties and groupings weigh every feature
// per standard deviation rather than per unit, and reports the model on X's scale:
//
//   coef_j = coef'_j / s_j (every output), the intercept as fitted (a linear change of X's
//   columns leaves the centred fit's intercept in X's own parametrisation), a clustered-tasks
//   model's centroids (Q × d) per feature likewise;
//
// the groups, a features model's centroids (the weights its groups share, per standard deviation),
// the objective and its history stay those of the problem solved on X'. A fit standardizes the
// rows it is given (so each fold of a cross-validation, its training rows, as cv.glmnet); a path
// once, on all its rows, whose folds' paths share those scales.
//
// Without it, a fit whose columns' standard deviations differ by more than kScaleWarningRatio
// carries a warning (scaleWarning): its penalty or grouping then treats features by their units.
#pragma once

#include <string>
#include <vector>

#include "supclust/base/types.hpp"
#include "supclust/core/data_matrix.hpp"
#include "supclust/methods/options.hpp"

namespace supclust {

// The options every method declares beside its own (standardize).
const std::vector<OptionSpec>& dataOptions();

// The largest ratio of two non-zero column deviations a fit without standardize takes silently.
constexpr double kScaleWarningRatio = 100;

struct Standardization {
  RowVector scales;  // s_j (1 for a constant column: unitScales)
  StoredData X;  // X S⁻¹
  double maxAbs = 0;  // its largest |entry|
};

// X standardized by its columns' `deviations` (DataMatrix::columnDeviations): nothing, or a
// refusal naming `standardize` when a column's deviation is too small to divide by (an entry
// of X S⁻¹ would leave the double range; every entry is checked finite on the way).
Refusal standardize(const DataMatrix& X, const RowVector& deviations, Standardization& out);

// The bytes standardize() allocates for X.
double standardizedBytes(const DataMatrix& X);

// A model fitted on X S⁻¹ mapped to X's scale (above); `coef` is S⁻¹ coef' row by row.
void unstandardizeResult(Result& r, const RowVector& scales);

// "" when the non-zero deviations lie within kScaleWarningRatio of each other, else the warning
// that names the two extreme columns.
std::string scaleWarning(const RowVector& deviations);

}  // namespace supclust
