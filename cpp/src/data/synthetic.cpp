#include "supclust/data/synthetic.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "supclust/data/random.hpp"

namespace supclust {

std::string checkE1(int n, int d, int Q, double sigma, int nTest) {
  if (n < 1) return "n must be >= 1 (got " + std::to_string(n) + ")";
  if (d < 1) return "d must be >= 1 (got " + std::to_string(d) + ")";
  if (Q < 1 || Q > d) return "Q must be between 1 and d (got " + std::to_string(Q) + ")";
  if (!(sigma >= 0) || !std::isfinite(sigma)) return "sigma must be finite and >= 0";
  if (nTest < 0) return "nTest must be >= 0 (got " + std::to_string(nTest) + ")";
  return "";
}

SyntheticProblem generateE1(int n, int d, int Q, double sigma, std::uint64_t seed, int nTest) {
  Random rng(seed);
  SyntheticProblem p;
  std::vector<double> values(static_cast<std::size_t>(Q));
  for (double& v : values) v = rng.uniform(-15, 15);
  std::sort(values.begin(), values.end());
  p.groups.assign(static_cast<std::size_t>(d), 0);
  for (;;) {  // rejection: every group must be used (rarely repeats unless Q is close to d)
    std::vector<bool> used(static_cast<std::size_t>(Q), false);
    for (auto& g : p.groups) used[g = static_cast<std::int32_t>(rng.below(Q))] = true;
    if (std::all_of(used.begin(), used.end(), [](bool u) { return u; })) break;
  }
  p.coef.resize(d);
  for (int j = 0; j < d; ++j) p.coef[j] = values[p.groups[j]];
  auto draw = [&](int rows, RowMatrix& X, Vector& y) {
    X.resize(rows, d);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < d; ++j) X(i, j) = rng.normal();
    // A plain loop in a fixed order (not Eigen's SIMD kernels): bit-identical natively and in wasm.
    y.resize(rows);
    for (int i = 0; i < rows; ++i) {
      double s = 0;
      for (int j = 0; j < d; ++j) s += X(i, j) * p.coef[j];
      y[i] = s + sigma * rng.normal();
    }
  };
  draw(n, p.X, p.y);
  draw(nTest, p.Xtest, p.ytest);
  return p;
}

}  // namespace supclust
