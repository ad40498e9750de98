#include "supclust/core/loss.hpp"

#include <cmath>

namespace supclust {

Refusal checkClassLabels(const Eigen::Ref<const Vector>& y) {
  double top = 0;
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    if (y[i] < 0 || y[i] != std::floor(y[i]) || y[i] > 1e6)
      return Refusal("y", "class labels must be integers 0..K-1 (entry " + std::to_string(i) + " is " +
                              std::to_string(y[i]) + ")");
    top = std::max(top, y[i]);
  }
  if (top < 1) return Refusal("y", "at least two classes are needed (every label is 0)");
  return {};
}

Refusal checkBinaryLabels(const Eigen::Ref<const Vector>& y, const char* loss) {
  bool seen[2] = {false, false};
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    if (y[i] != 0 && y[i] != 1)
      return Refusal("y", std::string("labels must be 0 or 1 for the ") + loss + " loss (entry " + std::to_string(i) +
                              " is " + std::to_string(y[i]) + ")");
    seen[y[i] == 1] = true;
  }
  if (!seen[0] || !seen[1])
    return Refusal("y", std::string("at least two classes are needed (every label is ") + (seen[1] ? "1)" : "0)"));
  return {};
}

Matrix classTargets(const Eigen::Ref<const Vector>& y, double on, double off) {
  const Eigen::Index K = static_cast<Eigen::Index>(y.maxCoeff()) + 1;
  Matrix T = Matrix::Constant(y.size(), K, off);
  for (Eigen::Index i = 0; i < y.size(); ++i) T(i, static_cast<Eigen::Index>(y[i])) = on;
  return T;
}

const std::vector<std::string>& lossNames() {
  static const std::vector<std::string> names = {"squared", "logistic", "ova-squared", "ova-logistic"};
  return names;
}

const std::vector<std::string>& allLossNames() {
  static const std::vector<std::string> names = {"squared", "logistic",  "ova-squared", "ova-logistic",
                                                 "hinge",   "ova-hinge", "multinomial"};
  return names;
}

std::unique_ptr<Loss> makeLoss(const std::string& name) {
  if (name == "squared") return std::make_unique<SquaredLoss>(false);
  if (name == "ova-squared") return std::make_unique<SquaredLoss>(true);
  if (name == "logistic") return std::make_unique<LogisticLoss>(false);
  if (name == "ova-logistic") return std::make_unique<LogisticLoss>(true);
  if (name == "hinge") return std::make_unique<HingeLoss>(false);
  if (name == "ova-hinge") return std::make_unique<HingeLoss>(true);
  if (name == "multinomial") return std::make_unique<MultinomialLoss>();
  return nullptr;
}

}  // namespace supclust
