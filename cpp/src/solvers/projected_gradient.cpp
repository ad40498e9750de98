#include "supclust/solvers/projected_gradient.hpp"

#include <algorithm>
#include <cmath>

namespace supclust {

Result projectedGradient(const Objective& F, Structure& S, Matrix W, RowVector b, const ProjectedGradientOptions& opt,
                         const Control& control) {
  Result r;
  Partition part;
  S.project(W, part);
  if (F.loss().squared()) b = F.loss().targetMeans(F.targets());  // exact for X centred (by the rows' weights)
  Matrix gW, Wn, Zn, Zaccepted;
  RowVector gb, bn;
  Partition partN;
  double f = F.gradient(W, b, gW, gb);
  const int it = projectedDescent(
      F.lipschitz(), opt.maxIterations, opt.tolerance, opt.step, control, f, r,
      [&](double g) {
        Wn = W - g * gW;
        S.project(Wn, partN);
        bn = b - g * gb;
        return F.value(Wn, bn, Zn);
      },
      [&] {
        Zaccepted.swap(Zn);
        W.swap(Wn);
        b.swap(bn);
        std::swap(part, partN);
        return F.gradientAt(Zaccepted, W, gW, gb);
      });
  r.iterations = it;
  r.objective = f;
  r.coef = std::move(W);
  r.intercept = std::move(b);
  r.groups = std::move(part.labels);
  r.centroids = std::move(part.centroids);
  return r;
}

}  // namespace supclust
