// Projected gradient for experts (LwCS Alg. 3 applied to samples, §2.2 and, for classifiers,
// §7.1.2; with its line search of §4.3; the DataCube paper's PGK). Problem: one
// predictor w_i per sample, all equal within Q groups,
//   min_W F(W) = 1/n Σ_i f_i(w_i)  s.t.  W = Z V (rows w_i take ≤ Q values),
// f_i the sample's loss and ridge share (sample_predictors.hpp): for regression
// [(y_i − w_iᵀx_i)² + λ‖w_i‖²]/2 on centred X and y; for classifiers the one-vs-all logistic
// loss of W^iᵀx_i + b^i plus λ/2‖W^i‖²_F, the row holding W^i and b^i. Step: W − γ ∇F, then
// the row-clustering projection (k-means++ and Lloyd on the n rows, seeded restarts, the lowest
// SSE kept), with γ backtracked (step_backtracking.hpp): a projected step that lowers F is
// taken and γ grows; one that does not is retried with a shorter γ. γ starts at 1/L, L each
// sample's curvature (max_i ‖x_i‖² + λ; (‖x_i‖² + 1)/4 + λ for classifiers); the centroids
// descend a group's mean loss, whose curvature λ_max(X_qᵀX_q)/s_q + λ is far smaller (2.4
// against 151 on E3's n = 1000, d = 10 + 90), and the growth reaches it. From W = 0; F never
// increases (a step whose F is not finite is rejected like one that raises it); stops when F
// falls by less than tolerance·F or γ·L < tolerance.
#pragma once

#include <cstdint>

#include "supclust/families/experts/alternating_experts.hpp"
#include "supclust/families/experts/sample_predictors.hpp"
#include "supclust/solvers/step_backtracking.hpp"

namespace supclust {

struct ExpertsProjectedGradientOptions {
  int maxIterations = 200;
  double tolerance = 1e-6;
  StepBacktracking step;  // α = 1.5, β = 0.5
  int restarts = 3;  // k-means++ restarts of each projection
  std::uint64_t seed = 0;
};

ExpertsFit expertsProjectedGradient(const SamplePredictors& F, int Q, const ExpertsProjectedGradientOptions& o,
                                    const Control& control);
// Regression: F = SquaredSamplePredictors(X, y, λ).
ExpertsFit expertsProjectedGradient(const RowMatrix& X, const Vector& y, int Q, double lambda,
                                    const ExpertsProjectedGradientOptions& o, const Control& control);

}  // namespace supclust
