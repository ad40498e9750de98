#include "supclust/methods/validation_selection.hpp"

#include <cmath>
#include <limits>
#include <memory>

#include "supclust/base/fit_cache.hpp"
#include "supclust/metrics/prediction.hpp"

namespace supclust {

ValidationSelection selectOnValidation(const Method& method, const Problem& train, const DataMatrix& Xvalidation,
                                       const Vector& yvalidation, const Params& base, const Grid& grid,
                                       const Control& control) {
  ValidationSelection out;
  std::vector<std::size_t> sizes;
  for (const auto& [name, values] : grid) sizes.push_back(values.size());
  // Warm starts only where they cannot change the answer, as in cross-validation.
  const bool warmStarts = !method.startDependent;
  double best = std::numeric_limits<double>::infinity();
  std::size_t bestIndex = 0;
  std::unique_ptr<WarmStart> warm;
  // The grid's fits share the caller's cache, or one of the selection's own (what a warm-started
  // solver leaves for the next point: the same work either way, so the same answers).
  FitCache own;
  Control inner = control;
  if (!inner.cache) inner.cache = &own;
  for (std::size_t p : warmStartOrder(sizes)) {
    const std::vector<double> v = gridPoint(grid, p);
    Result r = fit(method, train, withValues(base, grid, v), inner, warm.get());
    if (r.status == Status::InvalidInput || r.status == Status::Aborted) {
      out.status = r.status;
      out.message = r.message;
      return out;
    }
    if (r.coef.size() == 0) continue;
    const Vector residual = scoredPredictions(r, Xvalidation, yvalidation).col(0) - yvalidation;
    const double score = residual.squaredNorm() / static_cast<double>(residual.size());
    if (std::isfinite(score) && (score < best || (score == best && p < bestIndex))) {
      best = score;
      bestIndex = p;
      out.values = v;
      out.model = r;
    }
    if (warmStarts) warm = std::make_unique<WarmStart>(WarmStart{r.coef, r.intercept});
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
