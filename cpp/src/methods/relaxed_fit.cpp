#include "supclust/methods/relaxed_fit.hpp"

#include "supclust/base/fit_cache.hpp"
#include "supclust/core/structure.hpp"
#include "supclust/methods/recipes.hpp"

namespace supclust {

const OptionSpec& relaxOption() {
  static const OptionSpec spec(
      "relax", OptionKind::Boolean,
      "refit the loss without penalty over the answer's pattern: zero coefficients stay zero, each group of equal "
      "non-zero coefficients shares one refitted value (glmnet's relax)",
      0);
  return spec;
}

Refusal checkRelax(const Loss& loss) {
  if (loss.separable()) return {};
  return Refusal("relax", std::string("is not taken with the loss '") + loss.name() +
                              "' (its class coefficients are identified by the penalty alone; use 'ova-logistic')");
}

namespace {
// A Newton step per output is cheap on G columns and a finite minimum is reached in tens of them:
// the limit bounds the rest.
constexpr TrustRegionOptions kRefit{1000, 1e-10};
}  // namespace

Result relaxedRefit(const FitContext& c, Result penalised) {
  if (penalised.coef.rows() != c.X.cols()) return penalised;
  const Partition rows = partitionOfDistinctRows(penalised.coef);
  // The non-zero groups as 0..G−1; the zero row's features (if any) in group G, whose column of
  // sums is dropped.
  const auto groups = static_cast<int>(rows.centroids.rows());
  int zero = -1;
  for (int g = 0; g < groups; ++g)
    if (rows.centroids.row(g).isZero(0)) zero = g;
  const int G = groups - (zero >= 0 ? 1 : 0);
  // All zero: the penalised answer is already the loss's best intercept alone (no penalty at w = 0).
  if (G == 0) return penalised;
  Labels labels(rows.labels.size());
  for (std::size_t j = 0; j < labels.size(); ++j) {
    const int g = rows.labels[j];
    labels[j] = g == zero ? G : g > zero && zero >= 0 ? g - 1 : g;
  }
  const RowMatrix sums = c.X.groupSums(labels, G + (zero >= 0 ? 1 : 0));
  const RowMatrix Z = sums.leftCols(G);  // Xc P: centred, as every column of Xc
  CenteredDesign design(DataMatrix(Z.data(), Z.rows(), Z.cols()), nullptr, c.loss.rowWeights());
  FitCache own;
  design.shareWork(&own);
  const Control control = c.control.after(penalised.iterations);
  const FitContext reduced{design, c.loss, c.T, c.options, control, nullptr};
  Result refit = smoothFit(reduced, 0, kRefit);
  Result r = std::move(penalised);
  if (refit.status == Status::Aborted) return refit;
  r.coef = Matrix::Zero(r.coef.rows(), r.coef.cols());
  for (std::size_t j = 0; j < labels.size(); ++j)
    if (labels[j] < G) r.coef.row(static_cast<Eigen::Index>(j)) = refit.coef.row(labels[j]);
  // The intercept for Z as given (Xc P): Xc's.
  r.intercept = design.userIntercept(refit.coef, refit.intercept);
  r.objective = refit.objective;
  r.iterations += refit.iterations;
  if (r.status == Status::Converged && refit.status != Status::Converged) {
    r.status = refit.status;
    r.message = "the relaxed refit: " + refit.message;
  }
  if (!c.loss.squared()) {
    // Classes separated on the groups (every row on its side of every output's boundary): the loss
    // has no finite minimum, and the refit stops where its gradient is small, far out.
    bool separated = true;
    for (Eigen::Index k = 0; k < c.T.cols() && separated; ++k) {
      Vector scores(Z.rows());
      design.multiply(refit.coef.col(k).data(), scores.data());  // the refit's centred parametrisation: Zc θ_k + b_k
      for (Eigen::Index i = 0; i < scores.size() && separated; ++i)
        separated = (2 * c.T(i, k) - 1) * (scores[i] + refit.intercept[k]) > 0;
    }
    if (separated)
      r.warnings.push_back(
          "the relaxed refit separates the classes on its groups: its loss has no finite minimum and its coefficients "
          "grew until the tolerance stopped them; the penalised model (relax: false) or fewer groups keep them finite");
  }
  return withDistinctRows(std::move(r));
}

}  // namespace supclust
