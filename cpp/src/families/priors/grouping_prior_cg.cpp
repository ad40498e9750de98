#include "supclust/families/priors/grouping_prior_cg.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/solvers/proximal_gradient.hpp"

namespace supclust {

namespace {
// The objective for fixed centres and assignment, along x + t q, from the predictors z = Xw + b
// and zq = X q_w + q_b: O(n + d) per evaluation.
class Line {
 public:
  Line(const Objective& F, const GroupingPriorOptions& opt, const Vector& z, const Vector& zq, const Vector& w,
       const Vector& qw, const Vector& target)
      : F_(F), opt_(opt), z_(z), zq_(zq), w_(w), qw_(qw), target_(target), Z_(z.size(), 1) {}
  double operator()(double t) {
    Z_.col(0) = z_ + t * zq_;
    double penalty = 0;
    for (Eigen::Index j = 0; j < w_.size(); ++j) penalty += priorDeviation(opt_.kind, w_[j] + t * qw_[j] - target_[j]);
    const Vector wt = w_ + t * qw_;
    return F_.loss().value(Z_, F_.targets()) + 0.5 * F_.lambda() * wt.squaredNorm() + opt_.gamma * penalty;
  }

 private:
  const Objective& F_;
  const GroupingPriorOptions& opt_;
  const Vector &z_, &zq_, &w_, &qw_, &target_;
  Matrix Z_;
};

// argmin over t ≥ 0 of a convex φ: double a bracket until φ rises, then golden section.
double lineSearch(Line& phi, double t0, double f0) {
  double hi = t0, fhi = phi(hi);
  double lo = 0;
  if (fhi < f0) {
    for (int k = 0; k < 60; ++k) {  // grow while it still falls
      const double next = 2 * hi, fnext = phi(next);
      if (!(fnext < fhi)) {
        hi = next;
        break;
      }
      lo = hi;
      hi = next;
      fhi = fnext;
    }
  }
  // The minimum lies in [lo', hi] with lo' = max(0, lo / 2): golden section on it.
  double a = lo > 0 ? lo / 2 : 0, c = hi;
  const double g = 0.5 * (std::sqrt(5.0) - 1);
  double x1 = c - g * (c - a), x2 = a + g * (c - a), f1 = phi(x1), f2 = phi(x2);
  for (int k = 0; k < 80 && c - a > 1e-12 * c; ++k) {
    if (f1 <= f2) {
      c = x2;
      x2 = x1;
      f2 = f1;
      x1 = c - g * (c - a);
      f1 = phi(x1);
    } else {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + g * (c - a);
      f2 = phi(x2);
    }
  }
  const double t = f1 <= f2 ? x1 : x2;
  return std::min(f1, f2) < f0 ? t : 0.0;
}

// Each weight to its nearest centre, each centre to its group's mean or median (empty: kept).
void lloydStep(PriorKind kind, const Vector& w, std::vector<double>& c, Labels& labels) {
  const std::size_t s = c.size();
  for (Eigen::Index j = 0; j < w.size(); ++j) {
    std::size_t best = 0;
    for (std::size_t k = 1; k < s; ++k)
      if (std::abs(w[j] - c[k]) < std::abs(w[j] - c[best])) best = k;
    labels[static_cast<std::size_t>(j)] = static_cast<std::int32_t>(best);
  }
  std::vector<std::vector<double>> members(s);
  for (Eigen::Index j = 0; j < w.size(); ++j)
    members[static_cast<std::size_t>(labels[static_cast<std::size_t>(j)])].push_back(w[j]);
  for (std::size_t k = 0; k < s; ++k) {
    auto& m = members[k];
    if (m.empty()) continue;
    if (kind == PriorKind::Gaussian) {
      double sum = 0;
      for (double v : m) sum += v;
      c[k] = sum / static_cast<double>(m.size());
    } else {
      const auto mid = m.begin() + static_cast<std::ptrdiff_t>((m.size() - 1) / 2);
      std::nth_element(m.begin(), mid, m.end());
      c[k] = *mid;
    }
  }
}

double fixedObjective(const Objective& F, const GroupingPriorOptions& opt, const Matrix& W, const RowVector& b,
                      const std::vector<double>& c, const Labels& labels) {
  double penalty = 0;
  for (Eigen::Index j = 0; j < W.rows(); ++j)
    penalty += priorDeviation(opt.kind, W(j, 0) - c[static_cast<std::size_t>(labels[static_cast<std::size_t>(j)])]);
  return F.value(W, b) + opt.gamma * penalty;
}
}  // namespace

Result groupingPriorConjugateGradient(const Objective& F, const GroupingPriorOptions& opt, Matrix W, RowVector b,
                                      const Control& control) {
  Result r;
  const Eigen::Index d = W.rows();
  const auto s = static_cast<std::size_t>(opt.centres);
  const CenteredDesign& X = F.design();
  const double scale = gradientScale(F);
  std::vector<double> c(s, 0.0);  // the paper's c := 0
  Labels labels(static_cast<std::size_t>(d), 0);
  bool centred = false;  // centres set from the weights (after the first step)
  Vector gW(d), q = Vector::Zero(d), gPrev, target(d), z(X.rows()), zq(X.rows());
  double gb = 0, qb = 0, step = 1 / F.lipschitz();
  Matrix G, Zm(X.rows(), 1);
  double objective = fixedObjective(F, opt, W, b, c, labels);
  r.history.push_back(objective);
  r.status = Status::MaxIterations;
  int stalls = 0;
  for (int it = 0; it < opt.maxIterations; ++it) {
    if (stopRequested(control, it, objective, r)) break;
    // Gradient of the loss part at (w, b).
    X.multiply(W.data(), z.data());
    z.array() += b[0];
    Zm.col(0) = z;
    F.loss().gradient(Zm, F.targets(), G);
    X.multiplyTransposed(G.data(), gW.data());
    gW += F.lambda() * W.col(0);
    gb = G.sum();
    for (Eigen::Index j = 0; j < d; ++j) {
      target[j] = c[static_cast<std::size_t>(labels[static_cast<std::size_t>(j)])];
      const double rj = W(j, 0) - target[j], gl = gW[j];
      if (opt.kind == PriorKind::Gaussian) {
        gW[j] = gl + 2 * opt.gamma * rj;
      } else if (std::abs(rj) < 1e-8 && std::abs(gl) < opt.gamma) {
        W(j, 0) = target[j];  // §4.2: exactly at the centre, gradient coordinate 0
        gW[j] = 0;
      } else if (rj != 0) {
        gW[j] = gl + opt.gamma * (rj > 0 ? 1 : -1);
      } else {
        gW[j] = std::abs(gl) <= opt.gamma ? 0 : gl - std::copysign(opt.gamma, gl);
      }
    }
    const double gmax = std::max(gW.cwiseAbs().maxCoeff(), std::abs(gb));
    if (centred && gmax <= opt.tolerance * scale) {
      r.status = Status::Converged;
      break;
    }
    // PR+ direction, reset when it is not a descent direction.
    double beta = 0;
    if (gPrev.size() == d + 1) {
      const Vector gNow = (Vector(d + 1) << gW, gb).finished();
      beta = std::max(0.0, gNow.dot(gNow - gPrev) / std::max(1e-300, gPrev.squaredNorm()));
    }
    q = -gW + beta * q;
    qb = -gb + beta * qb;
    if (q.dot(gW) + qb * gb >= 0) {
      q = -gW;
      qb = -gb;
    }
    gPrev = (Vector(d + 1) << gW, gb).finished();
    X.multiply(q.data(), zq.data());
    zq.array() += qb;
    const Vector w = W.col(0);
    Line phi(F, opt, z, zq, w, q, target);
    const double f0 = phi(0);
    const double t = lineSearch(phi, step, f0);
    ++r.iterations;
    if (t > 0) {
      W.col(0) += t * q;
      b[0] += t * qb;
      step = t;
      stalls = 0;
    } else if (++stalls >= 2) {  // no decrease along the gradient either
      r.status = gmax <= opt.tolerance * scale ? Status::Converged : Status::MaxIterations;
      if (r.status != Status::Converged)
        r.message = "conjugate gradients: the line search no longer lowers the objective";
      break;
    } else {
      gPrev.resize(0);  // restart along the gradient
      q.setZero();
      qb = 0;
    }
    if (!centred) {  // the centres from the weights' quantiles (see the header)
      std::vector<double> sorted(W.data(), W.data() + d);
      std::sort(sorted.begin(), sorted.end());
      for (std::size_t k = 0; k < s; ++k)
        c[k] = sorted[std::min(static_cast<std::size_t>(d - 1),
                               static_cast<std::size_t>((static_cast<double>(k) + 0.5) / static_cast<double>(s) *
                                                        static_cast<double>(d)))];
      centred = true;
    }
    lloydStep(opt.kind, W.col(0), c, labels);
    objective = fixedObjective(F, opt, W, b, c, labels);
    r.history.push_back(objective);
  }
  // Report groups as the final assignment, centres ascending.
  std::vector<std::size_t> order(s);
  for (std::size_t k = 0; k < s; ++k) order[k] = k;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t e) { return c[a] < c[e]; });
  std::vector<std::int32_t> rank(s);
  std::vector<bool> used(s, false);
  for (std::int32_t l : labels) used[static_cast<std::size_t>(l)] = true;
  std::int32_t next = 0;
  Vector centroids(static_cast<Eigen::Index>(s));
  for (std::size_t k : order)
    if (used[k]) {
      rank[k] = next;
      centroids[next++] = c[k];
    }
  for (auto& l : labels) l = rank[static_cast<std::size_t>(l)];
  r.groups = std::move(labels);
  r.centroids = centroids.head(next);
  r.objective = objective;
  r.coef = std::move(W);
  r.intercept = std::move(b);
  return r;
}

}  // namespace supclust
