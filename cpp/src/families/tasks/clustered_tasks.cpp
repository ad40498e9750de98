#include "supclust/families/tasks/clustered_tasks.hpp"

#include <cmath>

#include "supclust/kernels/gram_partition.hpp"
#include "supclust/solvers/least_squares.hpp"

namespace supclust {

namespace {
// The best partition for A = ½(FᵀG + GᵀF), from the factors (the tasks' predictors are d × K:
// with many tasks, the K × K eigendecomposition would cost K³).
GramPartition oracle(const Matrix& F, const Matrix& G, const ClusteredTasksOptions& opt) {
  return bestGramPartition(F, G, opt.Q, opt.restarts, opt.seed);
}
}  // namespace

Result tasksOfPartition(const Objective& F, const Labels& labels, const ClusteredTasksOptions& opt, Matrix W0,
                        RowVector b0, const Control& control) {
  const TaskClusterWeights& w = opt.weights;
  Objective coupled = F;
  coupled.setOutputCoupling(taskCoupling(labels, opt.Q, w), w.norm());
  Result r;
  if (F.loss().closedForm()) {
    // On the three projectors of P the problem splits into ridge fits (appendix 6.2's W_M), and a
    // ridge fit is linear in its targets: R(T Π, c) = R(T, c) Π. So the fits are of T itself,
    // remembered (least_squares.hpp) across the partitions a search visits.
    const TaskProjectors p = taskProjectors(labels, opt.Q);
    const Matrix& T = F.targets();
    const double lambda = F.lambda();
    r.coef = sharedRidgeCoefficients(F.design(), T, lambda + w.onWithin()) * p.within +
             sharedRidgeCoefficients(F.design(), T, lambda + w.onBetween()) * p.between +
             sharedRidgeCoefficients(F.design(), T, lambda + w.onMean()) * p.mean;
    r.intercept = T.colwise().mean();
    r.objective = coupled.value(r.coef, r.intercept);
    r.history = {r.objective};
  } else {
    r = trustRegionNewton(coupled, std::move(W0), std::move(b0), opt.inner, control);
  }
  r.groups = labels;
  r.centroids = taskCentres(r.coef, labels, opt.Q, w);
  return r;
}

Result clusteredTasksBlockDescent(const Objective& F, const ClusteredTasksOptions& opt, Matrix W0, RowVector b0,
                                  const Control& control) {
  GramPartition z = oracle(W0, W0, opt);
  Result r = tasksOfPartition(F, z.labels, opt, std::move(W0), std::move(b0), control);
  std::vector<double> history = {r.objective};
  int inner = r.iterations, it = 0;
  r.status = r.status == Status::Aborted ? r.status : Status::MaxIterations;
  while (r.status != Status::Aborted && it < opt.maxIterations) {
    if (stopRequested(control, it, r.objective, r)) break;
    const GramPartition next = oracle(r.coef, r.coef, opt);
    // A new partition only when it is strictly better for the current W (H decreases).
    if (next.labels == r.groups || next.value <= partitionValue(r.coef, r.coef, r.groups, opt.Q) * (1 + 1e-12)) {
      r.status = Status::Converged;
      break;
    }
    ++it;
    Result step = tasksOfPartition(F, next.labels, opt, r.coef, r.intercept, control);
    inner += step.iterations;
    if (step.status == Status::Aborted) {
      r.status = Status::Aborted;
      break;
    }
    r = std::move(step);
    r.status = Status::MaxIterations;
    history.push_back(r.objective);
  }
  r.iterations = inner + it;
  r.history = std::move(history);
  return r;
}

Result clusteredTasksOm(const Objective& F, const ClusteredTasksOptions& opt, const Control& control) {
  const TaskClusterWeights& w = opt.weights;
  const Matrix& T = F.targets();
  const Matrix Tc = T.rowwise() - T.colwise().mean();
  const Matrix R1 = sharedRidgeCoefficients(F.design(), T, F.lambda() + w.onWithin());
  const Matrix R2 = sharedRidgeCoefficients(F.design(), T, F.lambda() + w.onBetween());
  Matrix XtT(F.design().cols(), T.cols());
  for (Eigen::Index k = 0; k < T.cols(); ++k) F.design().multiplyTransposed(Tc.col(k).data(), XtT.col(k).data());
  const Matrix difference = R2 - R1;
  const GramPartition z = oracle(XtT, difference, opt);  // A = sym(XtTᵀ (R2 − R1))
  Result r = tasksOfPartition(F, z.labels, opt, Matrix::Zero(F.features(), F.outputs()), RowVector(T.colwise().mean()),
                              control);
  r.iterations = 1;
  r.status = Status::Converged;
  return r;
}

}  // namespace supclust
