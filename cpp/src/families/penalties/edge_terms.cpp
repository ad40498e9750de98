#include "supclust/families/penalties/edge_terms.hpp"

#include <cmath>

#include "supclust/kernels/soft_threshold.hpp"

namespace supclust {

void EdgeTerms::add(std::uint32_t i, std::uint32_t j, double sign, double weight, double scale) {
  i_.push_back(i);
  j_.push_back(j);
  a_.push_back(scale);
  b_.push_back(scale * sign);
  weight_.push_back(weight);
}

void EdgeTerms::apply(std::size_t b, const Vector& beta, double* out) const {
  const std::size_t first = b * kBlock, m = rows(b);
  for (std::size_t r = 0; r < m; ++r) {
    const std::size_t e = first + r;
    out[r] = a_[e] * beta[static_cast<Eigen::Index>(i_[e])] + b_[e] * beta[static_cast<Eigen::Index>(j_[e])];
  }
}

void EdgeTerms::addTransposed(std::size_t b, const double* v, Vector& acc) const {
  const std::size_t first = b * kBlock, m = rows(b);
  for (std::size_t r = 0; r < m; ++r) {
    const std::size_t e = first + r;
    acc[static_cast<Eigen::Index>(i_[e])] += a_[e] * v[r];
    acc[static_cast<Eigen::Index>(j_[e])] += b_[e] * v[r];
  }
}

void EdgeTerms::prox(std::size_t b, double* v, double t) {
  const std::size_t first = b * kBlock, m = rows(b);
  for (std::size_t r = 0; r < m; ++r) v[r] = softThreshold(v[r], t * weight_[first + r]);
}

double EdgeTerms::value(std::size_t b, const double* v) const {
  const std::size_t first = b * kBlock, m = rows(b);
  double s = 0;
  for (std::size_t r = 0; r < m; ++r) s += weight_[first + r] * std::abs(v[r]);
  return s;
}

void EdgeTerms::addGram(Matrix& K) const {
  for (std::size_t e = 0; e < i_.size(); ++e) {
    const auto a = static_cast<Eigen::Index>(i_[e]), c = static_cast<Eigen::Index>(j_[e]);
    K(a, a) += a_[e] * a_[e];
    K(c, c) += b_[e] * b_[e];
    K(a, c) += a_[e] * b_[e];
    K(c, a) += a_[e] * b_[e];
  }
}

void EdgeTerms::fusions(std::size_t b, const double* v,
                        const std::function<void(std::size_t, std::size_t)>& fuse) const {
  const std::size_t first = b * kBlock, m = rows(b);
  for (std::size_t r = 0; r < m; ++r)
    if (v[r] == 0 && b_[first + r] == -a_[first + r]) fuse(i_[first + r], j_[first + r]);
}

}  // namespace supclust
