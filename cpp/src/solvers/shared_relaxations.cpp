// sharedConditionalGradient(): CG relaxations remembered across calls (conditional_gradient.hpp).
#include "supclust/core/memo.hpp"
#include "supclust/solvers/conditional_gradient.hpp"

namespace supclust {

namespace {
std::size_t bytesOf(const ConditionalGradientResult& r) {
  return sizeof r + (r.psi.size() + r.gap.size() + static_cast<std::size_t>(r.primal.size())) * sizeof(double) +
         r.groups.size() * sizeof(std::int32_t);
}
// Enough for every relaxation of a cross-validated CG row on each of 8 threads (21 each), and
// never more than 32 MB (large d: the oldest go first).
Memo<ConditionalGradientResult>& relaxations() {
  static Memo<ConditionalGradientResult> m(256, std::size_t{32} << 20, bytesOf);
  return m;
}
}  // namespace

ConditionalGradientResult sharedConditionalGradient(const CenteredDesign& X, const Vector& y, int Q,
                                                    double lambda, const ConditionalGradientOptions& opt,
                                                    const Control& control) {
  Hash128 h;
  h.add(X.key());
  h.add(y.data(), static_cast<std::size_t>(y.size()) * sizeof(double));
  h.add(Q);
  h.add(lambda);
  h.add(opt.maxIterations);
  h.add(opt.tolerance);
  h.add(opt.system);
  return relaxations().recall(
      h.value(), [&] { return conditionalGradient(X, y, Q, lambda, opt, control); },
      [](const ConditionalGradientResult& r) { return r.status != Status::Aborted; });  // aborted: not kept
}

std::size_t sharedConditionalGradientHits() { return relaxations().hits(); }

}  // namespace supclust
