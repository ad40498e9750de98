#include "supclust/methods/validation_selection.hpp"

#include <cmath>
#include <limits>
#include <memory>

namespace supclust {

ValidationSelection selectOnValidation(const std::string& method, const Problem& train, const DataMatrix& Xvalidation,
                                       const Vector& yvalidation, const Params& base, const Grid& grid,
                                       const Control& control) {
  ValidationSelection out;
  std::vector<std::size_t> sizes;
  for (const auto& [name, values] : grid) sizes.push_back(values.size());
  // Point p's value of option k: its mixed-radix digit (the last option fastest).
  auto point = [&](std::size_t p) {
    std::vector<double> v(grid.size());
    for (std::size_t k = grid.size(); k-- > 0;) {
      v[k] = grid[k].second[p % sizes[k]];
      p /= sizes[k];
    }
    return v;
  };
  double best = std::numeric_limits<double>::infinity();
  std::size_t bestIndex = 0;
  std::unique_ptr<WarmStart> warm;
  for (std::size_t p : warmStartOrder(sizes)) {
    Params params = base;
    const std::vector<double> v = point(p);
    for (std::size_t k = 0; k < grid.size(); ++k) params.numbers[grid[k].first] = v[k];
    Result r = fit(method, train, params, control, warm.get());
    if (r.status == Status::InvalidInput || r.status == Status::Aborted) {
      out.status = r.status;
      out.message = r.message;
      return out;
    }
    if (r.coef.size() == 0) continue;
    const Vector residual = Xvalidation.predict(r.coef, r.intercept).col(0) - yvalidation;
    const double score = residual.squaredNorm() / static_cast<double>(residual.size());
    if (std::isfinite(score) && (score < best || (score == best && p < bestIndex))) {
      best = score;
      bestIndex = p;
      out.values = v;
      out.model = r;
    }
    warm = std::make_unique<WarmStart>(WarmStart{r.coef, r.intercept});
  }
  if (!std::isfinite(best)) {
    out.status = Status::NumericalIssue;
    out.message = "no grid point gave a finite validation error";
    return out;
  }
  out.score = best;
  return out;
}

}  // namespace supclust
