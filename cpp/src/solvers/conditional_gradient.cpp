#include "supclust/solvers/conditional_gradient.hpp"

#include <cmath>
#include <map>

#include "supclust/kernels/dense.hpp"

namespace supclust {

namespace {
// pᵀ N p for the partition with the given labels (G groups).
double quadraticForm(const Vector& p, const Labels& labels, int G) {
  std::vector<double> sum(static_cast<std::size_t>(G), 0), count(static_cast<std::size_t>(G), 0);
  for (std::size_t j = 0; j < labels.size(); ++j) {
    sum[labels[j]] += p[static_cast<Eigen::Index>(j)];
    count[labels[j]] += 1;
  }
  double s = 0;
  for (int g = 0; g < G; ++g)
    if (count[g] > 0) s += sum[g] * sum[g] / count[g];
  return s;
}

struct Atom {
  Labels labels;
  int G;
  double weight;
  Matrix B;  // X Z D^{-1/2}: n x G
};

// Conjugate gradients for (I + Σ_a c_a B_a B_aᵀ) u = y, warm-started at u.
void solveA(const std::vector<Atom>& atoms, double scale, const Vector& y, Vector& u) {
  auto apply = [&](const Vector& x) {
    Vector out = x;
    for (const Atom& a : atoms)
      if (a.weight > 0) out.noalias() += (a.weight * scale) * (a.B * (a.B.transpose() * x));
    return out;
  };
  Vector r = y - apply(u), p = r;
  double rr = r.squaredNorm();
  const double stop = 1e-24 * y.squaredNorm();
  for (Eigen::Index it = 0; it < 10 * y.size() && rr > stop; ++it) {
    const Vector Ap = apply(p);
    const double step = rr / p.dot(Ap);
    u += step * p;
    r -= step * Ap;
    const double next = r.squaredNorm();
    p = r + (next / rr) * p;
    rr = next;
  }
}
}  // namespace

double equivalenceOracle(const Vector& p, int Q, KMeans1D& kmeans, KMeans1DResult& out) {
  kmeans.solve(p.data(), static_cast<std::size_t>(p.size()), Q, out);
  return quadraticForm(p, out.labels, static_cast<int>(out.centroids.size()));
}

ConditionalGradientResult conditionalGradient(const CenteredDesign& X, const Vector& y, int Q,
                                              double lambda, const ConditionalGradientOptions& opt,
                                              const Control& control) {
  const Eigen::Index n = X.rows(), d = X.cols();
  const double nl = static_cast<double>(n) * lambda, c = 1 / (2.0 * static_cast<double>(n) * nl);
  const Vector yc = y.array() - y.mean();
  std::vector<Atom> atoms;
  std::map<Labels, std::size_t> index;
  KMeans1D kmeans;
  KMeans1DResult oracle;
  ConditionalGradientResult res;
  Vector u = yc, p(d);  // M_0 = 0: A = I, u = A⁻¹y = y
  for (int t = 0;; ++t) {
    if (t > 0) solveA(atoms, 1 / nl, yc, u);
    const double psi = yc.dot(u) / (2.0 * static_cast<double>(n));
    multiplyTransposed(X.X().data(), static_cast<std::size_t>(n), static_cast<std::size_t>(d), u.data(), p.data());
    const double best = equivalenceOracle(p, Q, kmeans, oracle);
    double current = 0;
    for (const Atom& a : atoms) current += a.weight * quadraticForm(p, a.labels, a.G);
    const double gap = c * (best - current);
    res.psi.push_back(psi);
    res.gap.push_back(gap);
    res.groups = oracle.labels;
    res.G = static_cast<int>(oracle.centroids.size());
    res.iterations = t;
    if (t > 0 && gap <= opt.tolerance * psi) {
      res.status = Status::Converged;
      break;
    }
    if (t >= opt.maxIterations) break;
    if (!control.keepGoing(t, psi)) {
      res.status = Status::Aborted;
      break;
    }
    // M ← (1 − η) M + η N with η = 2/(t + 2) (η = 1 at t = 0).
    const double eta = 2.0 / (t + 2.0);
    for (Atom& a : atoms) a.weight *= 1 - eta;
    auto found = index.find(oracle.labels);
    if (found == index.end()) {
      Atom a{oracle.labels, res.G, 0, Matrix::Zero(n, res.G)};
      Vector size = Vector::Zero(res.G);
      for (Eigen::Index j = 0; j < d; ++j) {
        a.B.col(a.labels[static_cast<std::size_t>(j)]) += X.X().col(j);
        size[a.labels[static_cast<std::size_t>(j)]] += 1;
      }
      for (int g = 0; g < res.G; ++g) a.B.col(g) /= std::sqrt(size[g]);
      found = index.emplace(oracle.labels, atoms.size()).first;
      atoms.push_back(std::move(a));
    }
    atoms[found->second].weight += eta;
  }
  return res;
}

}  // namespace supclust
