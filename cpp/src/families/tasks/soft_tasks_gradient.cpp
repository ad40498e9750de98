#include "supclust/families/tasks/soft_tasks_gradient.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/families/tasks/task_structure.hpp"

namespace supclust {

namespace {
// φ − F and its gradient in W and in V, for the coupling C = λ_B Π + λ_M Γ.
struct SoftPenalty {
  double within;
  Matrix C;
  double value(const Matrix& W, const Matrix& V) const {
    return 0.5 * within * (W - V).squaredNorm() + 0.5 * (V * C).cwiseProduct(V).sum();
  }
  void addGradient(const Matrix& W, const Matrix& V, Matrix& gW, Matrix& gV) const {
    gW += within * (W - V);
    gV = within * (V - W) + V * C;
  }
};
}  // namespace

Result softTasksProjectedGradient(const Objective& F, const ClusteredTasksOptions& tasks,
                                  const SoftTasksGradientOptions& opt, Matrix W, RowVector b, const Control& control) {
  const TaskClusterWeights& w = tasks.weights;
  const SoftPenalty penalty{w.within, hardTaskCoupling(W.cols(), w.between, w.mean)};
  TaskClusters S(tasks.Q, tasks.restarts, tasks.seed);
  Result r;
  Partition part, partN;
  Matrix V = W;
  S.project(V, part);
  // ∇φ's Lipschitz constant: F's, plus 2λ_W (the coupling of W and V), plus C's norm.
  const double L = F.lipschitz() + 2 * std::abs(w.within) + std::max(std::abs(w.between), std::abs(w.mean));
  Matrix gW, gV, Wn, Vn, Zn, Zaccepted;
  RowVector gb, bn;
  double f = F.gradient(W, b, gW, gb) + penalty.value(W, V);
  penalty.addGradient(W, V, gW, gV);
  const int it = projectedDescent(
      L, opt.maxIterations, opt.tolerance, opt.step, control, f, r,
      [&](double g) {
        Wn = W - g * gW;
        bn = b - g * gb;
        Vn = V - g * gV;
        S.project(Vn, partN);
        return F.value(Wn, bn, Zn) + penalty.value(Wn, Vn);
      },
      [&] {
        Zaccepted.swap(Zn);
        W.swap(Wn);
        b.swap(bn);
        V.swap(Vn);
        std::swap(part, partN);
        const double next = F.gradientAt(Zaccepted, W, gW, gb) + penalty.value(W, V);
        penalty.addGradient(W, V, gW, gV);
        return next;
      });
  // The SSC objective of (W, b, Z), the centres at their best for Z.
  Objective coupled = F;
  coupled.setOutputCoupling(taskCoupling(part.labels, tasks.Q, w), w.norm());
  r.iterations = it;
  r.objective = coupled.value(W, b);
  r.centroids = taskCentres(W, part.labels, tasks.Q, w);
  r.groups = std::move(part.labels);
  r.coef = std::move(W);
  r.intercept = std::move(b);
  return r;
}

}  // namespace supclust
