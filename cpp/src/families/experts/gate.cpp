#include "supclust/families/experts/gate.hpp"

#include "supclust/core/design.hpp"
#include "supclust/core/observation_weights.hpp"
#include "supclust/core/objective.hpp"
#include "supclust/solvers/trust_region_newton.hpp"

namespace supclust {

Gate fitGate(const RowMatrix& X, const Matrix& R, double gamma, Status* status, const Gate* from, int steps,
             const Vector* weights) {
  const Eigen::Index d = X.cols(), Q = R.cols();
  const std::unique_ptr<Loss> owned = weights ? withObservationWeights(std::make_unique<MultinomialLoss>(), *weights)
                                              : std::make_unique<MultinomialLoss>();
  const Loss& loss = *owned;
  const CenteredDesign D(X);
  const Objective F(D, R, loss, gamma);
  const bool warm = from && from->coef.rows() == d && from->coef.cols() == Q;
  const Result r = trustRegionNewton(F, warm ? from->coef : Matrix::Zero(d, Q),
                                     warm ? RowVector(from->intercept + D.means() * from->coef) : loss.nullIntercept(R),
                                     TrustRegionOptions{steps, 1e-9}, {});
  Gate g;
  if (status) *status = r.status;
  if (r.status == Status::NumericalIssue || !r.coef.allFinite() || !r.intercept.allFinite()) {
    if (status) *status = Status::NumericalIssue;
    return g;
  }
  g.coef = r.coef;
  // The fit is on the centred rows: intercept a there is a − m·V in X's frame.
  g.intercept = r.intercept - D.means() * r.coef;
  g.intercept.array() -= g.intercept.mean();
  return g;
}

Gate constantGate(Eigen::Index d, const RowVector& priors) {
  Gate g{Matrix::Zero(d, priors.size()), priors.array().max(1e-300).log().matrix()};
  g.intercept.array() -= g.intercept.mean();
  return g;
}

Matrix oneHot(const Labels& labels, int Q) {
  Matrix R = Matrix::Zero(static_cast<Eigen::Index>(labels.size()), Q);
  for (std::size_t i = 0; i < labels.size(); ++i) R(static_cast<Eigen::Index>(i), labels[i]) = 1;
  return R;
}

}  // namespace supclust
