#include "supclust/families/tasks/task_clusters.hpp"

namespace supclust {

Matrix equivalenceMatrix(const Labels& labels, int Q) {
  const auto K = static_cast<Eigen::Index>(labels.size());
  Vector sizes = Vector::Zero(Q);
  for (std::int32_t q : labels) sizes[q] += 1;
  Matrix M = Matrix::Zero(K, K);
  for (Eigen::Index i = 0; i < K; ++i)
    for (Eigen::Index j = 0; j < K; ++j)
      if (labels[static_cast<std::size_t>(i)] == labels[static_cast<std::size_t>(j)])
        M(i, j) = 1 / sizes[labels[static_cast<std::size_t>(i)]];
  return M;
}

TaskProjectors taskProjectors(const Labels& labels, int Q) {
  const auto K = static_cast<Eigen::Index>(labels.size());
  const Matrix M = equivalenceMatrix(labels, Q), G = Matrix::Constant(K, K, 1.0 / static_cast<double>(K));
  return {Matrix::Identity(K, K) - M, M - G, G};
}

Matrix taskCoupling(const Labels& labels, int Q, const TaskClusterWeights& w) {
  const TaskProjectors p = taskProjectors(labels, Q);
  return w.onWithin() * p.within + w.onBetween() * p.between + w.onMean() * p.mean;
}

Matrix hardTaskCoupling(Eigen::Index K, double between, double mean) {
  const Matrix G = Matrix::Constant(K, K, 1.0 / static_cast<double>(K));
  return between * (Matrix::Identity(K, K) - G) + mean * G;
}

Matrix taskCentres(const Matrix& W, const Labels& labels, int Q, const TaskClusterWeights& w) {
  const TaskProjectors p = taskProjectors(labels, Q);
  const double alpha = w.within / (w.within + w.between), beta = w.within / (w.within + w.mean);
  const Matrix V = W * (alpha * p.between + beta * p.mean);
  Matrix centres = Matrix::Zero(Q, W.rows());
  for (Eigen::Index k = 0; k < V.cols(); ++k) centres.row(labels[static_cast<std::size_t>(k)]) = V.col(k).transpose();
  return centres;
}

double taskClusterPenalty(const Matrix& W, const Matrix& centres, const Labels& labels, const TaskClusterWeights& w) {
  const auto K = static_cast<Eigen::Index>(labels.size());
  Matrix V(W.rows(), K);
  for (Eigen::Index k = 0; k < K; ++k) V.col(k) = centres.row(labels[static_cast<std::size_t>(k)]).transpose();
  const Vector mean = V.rowwise().mean();  // v̄ = (1/K) Σ_q s_q c_q
  const double meanTerm = 0.5 * w.mean * static_cast<double>(K) * mean.squaredNorm();
  const double betweenTerm = 0.5 * w.between * (V.colwise() - mean).squaredNorm();
  const double withinTerm = 0.5 * w.within * (W - V).squaredNorm();
  return meanTerm + betweenTerm + withinTerm;
}

}  // namespace supclust
