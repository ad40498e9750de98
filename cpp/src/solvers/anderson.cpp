#include "supclust/solvers/anderson.hpp"

#include <algorithm>
#include <cstring>

#include "supclust/kernels/cholesky.hpp"
#include "supclust/kernels/dense.hpp"

namespace supclust {

void AndersonAcceleration::clear() {
  stored_ = 0;
  extrapolated_ = started_ = false;
}

// All storage is allocated on the first call (or a change of size), then reused: ADMM calls this
// every step, and in wasm with threads every allocation takes a lock. The dot products and the
// extrapolation go through the SIMD kernels; the elementwise differences are plain loops.
bool AndersonAcceleration::next(Vector& x, const Vector& g) {
  const auto n = static_cast<std::size_t>(x.size());
  if (f_.size() != x.size()) {
    f_.resize(x.size());
    fPrev_.resize(x.size());
    gPrev_.resize(x.size());
    dF_.resize(x.size(), memory_);
    dG_.resize(x.size(), memory_);
    gram_.resize(memory_, memory_);
    normal_.assign(static_cast<std::size_t>(memory_) * static_cast<std::size_t>(memory_), 0.0);
    gamma_.resize(memory_);
    clear();
  }
  double* f = f_.data();
  const double* gv = g.data();
  double residual = 0;
  for (std::size_t i = 0; i < n; ++i) {
    f[i] = gv[i] - x.data()[i];
    residual += f[i] * f[i];
  }
  if (extrapolated_ && residual > lastResidual_) {
    std::memcpy(x.data(), gPrev_.data(), n * sizeof(double));  // T at the last accepted point
    clear();
    return false;
  }
  lastResidual_ = residual;
  if (started_) {  // the newest differences go to the ring's next slot, its Gram row updated
    const int slot = (first_ + stored_) % memory_;
    if (stored_ == memory_) first_ = (first_ + 1) % memory_;
    else ++stored_;
    double* df = dF_.col(slot).data();
    double* dg = dG_.col(slot).data();
    for (std::size_t i = 0; i < n; ++i) {
      df[i] = f[i] - fPrev_.data()[i];
      dg[i] = gv[i] - gPrev_.data()[i];
    }
    for (int j = 0; j < stored_; ++j) {
      const int other = (first_ + j) % memory_;
      gram_(slot, other) = gram_(other, slot) = dot(df, dF_.col(other).data(), n);
    }
  }
  f_.swap(fPrev_);  // f keeps pointing at this residual, now fPrev_'s storage
  std::memcpy(gPrev_.data(), gv, n * sizeof(double));
  started_ = true;
  std::memcpy(x.data(), gv, n * sizeof(double));
  extrapolated_ = stored_ > 0;
  if (!extrapolated_) return true;
  // γ = argmin ‖f − ΔF γ‖ by the normal equations (stored_ ≤ memory_ unknowns).
  const int k = stored_;
  const auto kk = static_cast<std::size_t>(k);
  double largest = 0;
  for (int i = 0; i < k; ++i) {
    const int si = (first_ + i) % memory_;
    gamma_[i] = dot(dF_.col(si).data(), f, n);
    for (int j = 0; j < k; ++j) normal_[static_cast<std::size_t>(j) * kk + static_cast<std::size_t>(i)] = gram_(si, (first_ + j) % memory_);
    largest = std::max(largest, gram_(si, si));
  }
  for (std::size_t i = 0; i < kk; ++i) normal_[i * kk + i] += 1e-10 * largest + 1e-300;
  if (!choleskyFactor(normal_.data(), kk)) {  // degenerate differences: take the plain step
    extrapolated_ = false;
    return true;
  }
  choleskySolve(normal_.data(), kk, gamma_.data());
  for (int i = 0; i < k; ++i) axpy(-gamma_[i], dG_.col((first_ + i) % memory_).data(), x.data(), n);
  // Step bound: nearly parallel residual differences give huge coefficients, and in a flat
  // direction of the map (ADMM at n < d with tiny penalties) the residual stays small while the
  // point runs away, so the residual test cannot catch it. Extrapolating farther from g than
  // ‖g‖ is refused: the plain step is taken instead.
  double step = 0, size = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double e = x.data()[i] - gv[i];
    step += e * e;
    size += gv[i] * gv[i];
  }
  if (step > size) {
    std::memcpy(x.data(), gv, n * sizeof(double));
    extrapolated_ = false;
  }
  return true;
}

}  // namespace supclust
