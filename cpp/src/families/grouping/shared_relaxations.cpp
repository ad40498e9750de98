// sharedConditionalGradient(): CG relaxations shared within one public call (conditional_gradient.hpp).
#include "supclust/families/grouping/conditional_gradient.hpp"
#include "supclust/base/fit_cache.hpp"

namespace supclust {

ConditionalGradientResult sharedConditionalGradient(const CenteredDesign& X, const Vector& y, int Q, double lambda,
                                                    const ConditionalGradientOptions& opt, const Control& control) {
  if (!X.cache()) return conditionalGradient(X, y, Q, lambda, opt, control);
  Hash128 h;
  h.add(X.key());
  h.add(y.size());
  h.add(y.data(), static_cast<std::size_t>(y.size()) * sizeof(double));
  h.add(Q);
  h.add(lambda);
  h.add(opt.maxIterations);
  h.add(opt.tolerance);
  h.add(opt.system);
  return X.cache()->recall<ConditionalGradientResult>(
      "conditional-gradient", h, [&] { return conditionalGradient(X, y, Q, lambda, opt, control); },
      [](const ConditionalGradientResult& r) { return r.status != Status::Aborted; },  // aborted: not kept
      [](const ConditionalGradientResult& r) {
        return (r.psi.size() + r.gap.size() + static_cast<std::size_t>(r.primal.size())) * sizeof(double) +
               r.groups.size() * sizeof(std::int32_t);
      });
}

}  // namespace supclust
