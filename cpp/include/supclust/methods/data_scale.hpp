// Rescaling of extreme data. X or y near the ends of the double range (1e±300) overflow or
// underflow inside the solvers (squares, Gram matrices), which would give NaN objectives, zero
// models or wrong coefficients. fit() instead solves the same problem on X / s_x and y / s_y,
// with s_x and s_y powers of two (exact: only exponents change) chosen so that both have their
// largest entry in [1, 2), and maps the answer back:
//
//   w = (s_y / s_x) w',  b = s_y b',  objective = s_y² objective'.
//
// The objective is divided by s_y², so a penalty weight λ of a penalty homogeneous of degree k
// in w becomes λ' = λ s_x^-k s_y^(k-2) (ridge: λ / s_x²; ℓ1, OSCAR: λ / (s_x s_y)); a method
// whose penalty mixes degrees supplies its own rule. Data whose entries lie in [2^-128, 2^128]
// is left untouched (s = 1), so ordinary fits are bit-for-bit what they were.
#pragma once

#include <string>

#include "supclust/core/data_matrix.hpp"
#include "supclust/base/types.hpp"
#include "supclust/methods/options.hpp"

namespace supclust {

struct DataScale {
  double x = 1, y = 1;  // powers of two
  bool active() const { return x != 1 || y != 1; }
};

// The scales for a design X whose largest |entry| is xMaxAbs (checkDesign's) and targets T (targets
// are class indicators for classification losses, which never need scaling).
DataScale dataScaleOf(double xMaxAbs, const Matrix& T);

// λ' for each penalty weight of `specs` by its degree (OptionSpec::degree). "" or a message
// naming the weight whose transformed value leaves the double range.
std::string rescaleByDegree(const std::vector<OptionSpec>& specs, Options& options, const DataScale& s);

// The same for λ(α‖w‖₁ + (1−α)/2‖w‖²): λ'α' = λα / (s_x s_y), λ'(1 − α') = λ(1 − α) / s_x².
std::string rescaleElasticNet(const std::vector<OptionSpec>& specs, Options& options, const DataScale& s);

// ncTFGS: J_τ is scale-free once τ follows w (τ' = τ s_x / s_y), so λ1' = λ1 / s_y², λ2' = λ2 / s_y²;
// the ridge weight by its degree.
std::string rescaleTruncated(const std::vector<OptionSpec>& specs, Options& options, const DataScale& s);

// ADFG: the weights |β̂_j − β̂_k|^(−γ) scale as (s_x / s_y)^γ, so its penalty has degree 1 − γ:
// λ' = λ s_x^(γ − 1) s_y^(−1 − γ); the ridge weight by its degree.
std::string rescaleAdaptive(const std::vector<OptionSpec>& specs, Options& options, const DataScale& s);

// The linear SVM regularises its bias with w (λ/2(‖w‖² + b²)): w follows s_x but b does not, so
// no λ' gives the same problem; data that need rescaling are refused naming X.
std::string rescaleRegularisedBias(const std::vector<OptionSpec>& specs, Options& options, const DataScale& s);

// Maps a result fitted on the scaled data back to the caller's units.
void unscaleResult(Result& r, const DataScale& s);

}  // namespace supclust
