#include "supclust/methods/penalty_factors.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/methods/path.hpp"

namespace supclust {

std::optional<Vector> penaltyFactors(const PenaltyFactorField& o) {
  if (!o.penaltyFactor) return std::nullopt;
  const Vector given =
      Eigen::Map<const Vector>(o.penaltyFactor->data(), static_cast<Eigen::Index>(o.penaltyFactor->size()));
  return Vector(given * (static_cast<double>(given.size()) / given.sum()));
}

Refusal checkPenaltyFactor(const PenaltyFactorField& o, Eigen::Index d) {
  if (!o.penaltyFactor) return {};
  if (static_cast<Eigen::Index>(o.penaltyFactor->size()) != d)
    return Refusal("penaltyFactor", "must have one entry per feature (d = " + std::to_string(d) + ", got " +
                                        std::to_string(o.penaltyFactor->size()) + ")");
  double sum = 0;
  for (double f : *o.penaltyFactor) sum += f;
  if (!(sum > 0))
    return Refusal("penaltyFactor", "must have a positive entry (all zero: no penalty; use ridge with lambda 0)");
  return {};
}

PathTop factorTop(const std::optional<Vector>& pf, const PathData& data, TopKind kind) {
  if (!pf) return pathL1Top(data, kind);
  const double r = data.ray.empty() ? 1 : data.ray[0];
  double top = 0;
  for (Eigen::Index j = 0; j < data.G.rows(); ++j)
    if ((*pf)[j] > 0) top = std::max(top, data.G.row(j).cwiseAbs().maxCoeff() / (*pf)[j]);
  return {r > 0 ? top / r : NAN, pf->minCoeff() > 0 ? kind : TopKind::Scale};
}

}  // namespace supclust
