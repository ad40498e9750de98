#include "supclust/families/experts/sample_exchange.hpp"

#include <cmath>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

namespace {

// One group's ridge expert from its sums: the factor of Σ_c + λ s I, the expert (c, b), ‖c‖²
// and V − Σ_{G} y² = −s ȳ² − rᵀc (r = Σxy − s x̄ ȳ), the part of V that a move changes.
struct GroupExpert {
  double s = 0, value = 0, intercept = 0, coefNorm2 = 0;
  Vector mean, coef;
  Matrix factor;  // lower triangle
  bool ok = true;
};

// `gram` holds Σxxᵀ on its lower triangle; it becomes the factor.
GroupExpert expertOf(double s, double sumY, const Vector& sumX, const Vector& sumXY, Matrix gram, double lambda) {
  GroupExpert g;
  g.s = s;
  if (s == 0) return g;
  const Eigen::Index d = sumX.size();
  const auto n = static_cast<std::size_t>(d);
  g.mean = sumX / s;
  const double ybar = sumY / s;
  g.factor = std::move(gram);
  for (Eigen::Index j = 0; j < d; ++j) {  // Σxxᵀ − s x̄x̄ᵀ + λ s I on the lower triangle
    axpy(-s * g.mean[j], g.mean.data() + j, g.factor.col(j).data() + j, static_cast<std::size_t>(d - j));
    g.factor(j, j) += lambda * s;
  }
  Vector r = sumXY;
  axpy(-s * ybar, g.mean.data(), r.data(), n);
  if (!choleskyFactor(g.factor.data(), n)) {
    g.ok = false;
    return g;
  }
  g.coef = r;
  choleskySolve(g.factor.data(), n, g.coef.data());
  g.intercept = ybar - dot(g.mean.data(), g.coef.data(), n);
  g.coefNorm2 = dot(g.coef.data(), g.coef.data(), n);
  g.value = -s * ybar * ybar - dot(r.data(), g.coef.data(), n);
  return g;
}

// Group q's expert, with row x (target t, weight w) added (sign +1) or taken out (sign −1).
GroupExpert expertWith(const ExpertGroups& groups, int q, double lambda, const double* x, double t, double w,
                       double sign) {
  const auto d = static_cast<std::size_t>(groups.gram(q).rows());
  Matrix gram = groups.gram(q);
  gramAdd(x, 1, d, sign * w, gram.data());
  Vector sumX = groups.sumX(q), sumXY = groups.sumXY(q);
  axpy(sign * w, x, sumX.data(), d);
  axpy(sign * w * t, x, sumXY.data(), d);
  return expertOf(groups.mass(q) + sign * w, groups.sumY(q) + sign * w * t, sumX, sumXY, std::move(gram), lambda);
}

// 1/s + (x − x̄)ᵀ(Σ_c + λ s I)⁻¹(x − x̄) = 1/s + ‖L⁻¹(x − x̄)‖²: the row's leverage in group g.
double leverage(const GroupExpert& g, const double* x, Vector& z) {
  const Eigen::Index d = g.mean.size();
  for (Eigen::Index j = 0; j < d; ++j) z[j] = x[j] - g.mean[j];
  double h = 0;
  for (Eigen::Index j = 0; j < d; ++j) {  // forward substitution by columns
    z[j] /= g.factor(j, j);
    h += z[j] * z[j];
    if (j + 1 < d) axpy(-z[j], g.factor.col(j).data() + j + 1, z.data() + j + 1, static_cast<std::size_t>(d - j - 1));
  }
  return 1.0 / g.s + h;
}

}  // namespace

bool exchangeSamples(const RowMatrix& X, const Vector& y, double lambda, ExpertGroups& groups, Labels& labels,
                     const std::function<bool()>& keepGoing) {
  const int Q = groups.Q();
  const Eigen::Index n = X.rows(), d = X.cols();
  std::vector<GroupExpert> experts;
  for (int q = 0; q < Q; ++q) {
    experts.push_back(
        expertOf(groups.mass(q), groups.sumY(q), groups.sumX(q), groups.sumXY(q), groups.gram(q), lambda));
    if (!experts.back().ok) return false;
  }
  double mean = 0, spread = 0;  // the (weighted) mean of y and centred Σy²
  for (Eigen::Index i = 0; i < n; ++i) mean += groups.weight(i) * y[i] / static_cast<double>(n);
  for (Eigen::Index i = 0; i < n; ++i) spread += groups.weight(i) * (y[i] - mean) * (y[i] - mean);
  const double floor = 1e-10 * spread;
  Vector scratch(d);
  bool movedAny = false;
  for (bool moved = true; moved;) {
    moved = false;
    for (Eigen::Index i = 0; i < n; ++i) {
      const int a = labels[static_cast<std::size_t>(i)];
      const GroupExpert& from = experts[static_cast<std::size_t>(a)];
      const double wi = groups.weight(i);
      // A sample of weight 0 changes no fit where it goes; a group keeps at least one sample of
      // positive weight beside it.
      if (groups.size(a) < 2 || !(wi > 0) || !(from.s > wi)) continue;
      const double* x = X.data() + i * d;
      const auto residual = [&](const GroupExpert& g) {
        return y[i] - g.intercept - dot(x, g.coef.data(), static_cast<std::size_t>(d));
      };
      const double h = wi * leverage(from, x, scratch);
      const double ea = residual(from);
      // With h → 1 (λ = 0, a group of d + 1 rows) the prediction is −∞: the exact check decides.
      const double leaving = h < 1 ? -wi * ea * ea / (1 - h) - wi * lambda * from.coefNorm2 : -HUGE_VAL;
      int best = -1;
      double bestJoin = HUGE_VAL;
      for (int b = 0; b < Q; ++b) {
        if (b == a) continue;
        const GroupExpert& to = experts[static_cast<std::size_t>(b)];
        double join = 0;  // an empty group's one-sample expert fits its sample exactly
        if (to.s > 0) {
          const double eb = residual(to);
          join = wi * eb * eb / (1 + wi * leverage(to, x, scratch)) + wi * lambda * to.coefNorm2;
        }
        if (join < bestJoin) bestJoin = join, best = b;
      }
      if (best < 0 || !(leaving + bestJoin < -floor)) continue;
      if (!keepGoing()) return movedAny;
      const GroupExpert left = expertWith(groups, a, lambda, x, y[i], wi, -1);
      const GroupExpert joined = expertWith(groups, best, lambda, x, y[i], wi, +1);
      if (!left.ok || !joined.ok) continue;
      const double change = left.value + joined.value - from.value - experts[static_cast<std::size_t>(best)].value;
      if (!(change < -floor)) continue;
      labels[static_cast<std::size_t>(i)] = best;
      groups.reassign(labels);
      experts[static_cast<std::size_t>(a)] = left;
      experts[static_cast<std::size_t>(best)] = joined;
      moved = movedAny = true;
    }
  }
  return movedAny;
}

}  // namespace supclust
