// sharedConditionalGradient(): CG relaxations shared within one public call (conditional_gradient.hpp).
#include "supclust/solvers/conditional_gradient.hpp"
#include "supclust/solvers/fit_cache.hpp"

namespace supclust {

ConditionalGradientResult sharedConditionalGradient(const CenteredDesign& X, const Vector& y, int Q,
                                                    double lambda, const ConditionalGradientOptions& opt,
                                                    const Control& control) {
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
  return X.cache()->relaxations.recall(
      h.value(), [&] { return conditionalGradient(X, y, Q, lambda, opt, control); },
      [](const ConditionalGradientResult& r) { return r.status != Status::Aborted; });  // aborted: not kept
}

}  // namespace supclust
