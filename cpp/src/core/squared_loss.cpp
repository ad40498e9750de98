#include "supclust/core/loss.hpp"

namespace supclust {

double SquaredLoss::value(const Matrix& Z, const Matrix& T) const {
  return 0.5 * (Z - T).squaredNorm() / static_cast<double>(Z.rows());
}

void SquaredLoss::gradient(const Matrix& Z, const Matrix& T, Matrix& G) const {
  G = (Z - T) / static_cast<double>(Z.rows());
}

std::unique_ptr<Loss> makeLoss(const std::string& name) {
  if (name == "squared") return std::make_unique<SquaredLoss>();
  return nullptr;
}

}  // namespace supclust
