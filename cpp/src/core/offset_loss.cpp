#include "supclust/core/offset_loss.hpp"

#include <cmath>
#include <string>

namespace supclust {

Refusal checkOffset(const Eigen::Ref<const Vector>& offset, Eigen::Index n) {
  if (offset.size() != n)
    return Refusal("offset", "must have one entry per row of X (n = " + std::to_string(n) + ", got " +
                                 std::to_string(offset.size()) + ")");
  for (Eigen::Index i = 0; i < n; ++i)
    if (!std::isfinite(offset[i])) return Refusal("offset", "must be finite (entry " + std::to_string(i) + " is not)");
  return {};
}

OffsetLoss::OffsetLoss(std::unique_ptr<Loss> base, Vector offset)
    : base_(std::move(base)), offset_(std::move(offset)) {}

RowVector OffsetLoss::nullIntercept(const Matrix& T) const {
  // Newton on each column's b (the loss is convex and separable in them), from the intercepts
  // without offsets less the mean offset, each step halved until the loss falls; to a gradient
  // of 1e-13 relative to the first, or 100 steps.
  const Eigen::Index n = T.rows();
  RowVector b = base_->nullIntercept(T).array() - offset_.mean();
  Matrix Z = b.replicate(n, 1), G, D;
  double f = value(Z, T), first = -1;
  for (int step = 0; step < 100; ++step) {
    gradient(Z, T, G);
    hessianWeights(Z, D);
    const RowVector g = G.colwise().sum(), h = D.colwise().sum();
    const double size = g.cwiseAbs().maxCoeff();
    if (first < 0) first = size;
    if (!(size > 1e-13 * first) || !(h.minCoeff() > 0)) break;
    bool moved = false;
    for (double t = 1; t > 1e-12 && !moved; t /= 2) {
      const RowVector next = b.array() - t * g.array() / h.array();
      const Matrix Zn = next.replicate(n, 1);
      const double fn = value(Zn, T);
      if (fn <= f) b = next, Z = Zn, f = fn, moved = true;
    }
    if (!moved) break;
  }
  return b;
}

Refusal withOffset(const Eigen::Ref<const Vector>& offset, std::unique_ptr<Loss>& loss, Matrix& T) {
  if (offset.size() == 0) return {};
  if (loss->squared()) {
    T.colwise() -= offset;
    return {};
  }
  if (!loss->separable() || std::string(loss->name()).find("hinge") != std::string::npos)
    return Refusal("offset", std::string("is taken with the squared and logistic losses; '") + loss->name() +
                                 "' takes none (" +
                                 (loss->separable() ? "the SVM's dual solver reads no loss"
                                                    : "one offset per row shifts every class alike") +
                                 ")");
  loss = std::make_unique<OffsetLoss>(std::move(loss), Vector(offset));
  return {};
}

}  // namespace supclust
