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

// λ' for each penalty weight of `specs` by its degree (OptionSpec::degree): nothing, or the
// weight whose transformed value leaves the double range. A method whose penalty mixes degrees
// supplies its own rule (Method::rescaledBy), built from the two below.
Refusal rescaleByDegree(const std::vector<OptionSpec>& specs, Options& options, const DataScale& s);

// Option o set to its value · s_x^-k · s_y^(k-2) in one exact step (a penalty of degree k), or
// refused when that leaves the double range (or, for a weight that must stay positive, reaches 0).
Refusal rescaleOption(const OptionSpec& o, Options& options, int k, const DataScale& s);
// The refusal of option `name` whose value on the rescaled data would be `value`.
Refusal outOfRange(const std::string& name, double value);
// log2 of a power of two.
int exponentOf(double powerOfTwo);

// Maps a result fitted on the scaled data back to the caller's units.
void unscaleResult(Result& r, const DataScale& s);

}  // namespace supclust
