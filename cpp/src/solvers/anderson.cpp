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
// every step, and in wasm with threads every allocation takes a lock. A step makes three passes
// over the state (its residual and differences; the ring's dot products; the extrapolation),
// each over a fixed number of ranges (ranges(n)) whose sums are added in order: the same bits on
// any number of threads.
namespace {
constexpr std::size_t kRanges = 8;
std::size_t ranges(std::size_t n) { return n >= 8192 ? kRanges : 1; }
}  // namespace

bool AndersonAcceleration::next(Vector& x, const Vector& g, WorkTeam* team) {
  const auto n = static_cast<std::size_t>(x.size());
  const std::size_t parts = ranges(n);
  if (f_.size() != x.size()) {
    f_.resize(x.size());
    fPrev_.resize(x.size());
    gPrev_.resize(x.size());
    dF_.resize(x.size(), memory_);
    dG_.resize(x.size(), memory_);
    gram_.resize(memory_, memory_);
    normal_.assign(static_cast<std::size_t>(memory_) * static_cast<std::size_t>(memory_), 0.0);
    gamma_.resize(memory_);
    partSums_.assign(parts * (2 * static_cast<std::size_t>(memory_) + 2), 0.0);
    clear();
  }
  const auto forRanges = [&](const auto& pass) {
    const auto chunk = [&](std::size_t c) { pass(c, chunkStart(n, parts, c), chunkStart(n, parts, c + 1)); };
    if (team) team->run(parts, chunk);
    else
      for (std::size_t c = 0; c < parts; ++c) chunk(c);
  };
  const std::size_t width = 2 * static_cast<std::size_t>(memory_) + 2;  // a range's sums
  double* part = partSums_.data();
  const auto total = [&](std::size_t o) {  // the ranges' o-th sums, added in order
    double s = 0;
    for (std::size_t c = 0; c < parts; ++c) s += part[c * width + o];
    return s;
  };
  const auto plainStep = [&] {  // x = g, kept as the last accepted T
    std::memcpy(gPrev_.data(), g.data(), n * sizeof(double));
    std::memcpy(x.data(), g.data(), n * sizeof(double));
  };
  // The newest differences go to the ring's next slot (the oldest when it is full; a rejected
  // point clears the ring anyway).
  const int slot = (first_ + stored_) % memory_;
  double* f = f_.data();
  double* df = dF_.col(slot).data();
  double* dg = dG_.col(slot).data();
  const double *gv = g.data(), *xv = x.data(), *fPrev = fPrev_.data(), *gPrev = gPrev_.data();
  // ‖f‖² in four running sums (i mod 4) per range: one serial sum would make the pass wait on
  // the adder's latency at every element.
  const bool differences = started_;
  forRanges([&](std::size_t c, std::size_t lo, std::size_t hi) {
    double sums[4] = {0, 0, 0, 0};
    for (std::size_t i = lo; i < hi; ++i) {
      f[i] = gv[i] - xv[i];
      sums[i & 3] += f[i] * f[i];
    }
    if (differences) {
      for (std::size_t i = lo; i < hi; ++i) {
        df[i] = f[i] - fPrev[i];
        dg[i] = gv[i] - gPrev[i];
      }
    }
    part[c * width] = (sums[0] + sums[1]) + (sums[2] + sums[3]);
  });
  const double residual = total(0);
  if (extrapolated_ && residual > lastResidual_) {
    std::memcpy(x.data(), gPrev_.data(), n * sizeof(double));  // T at the last accepted point
    clear();
    return false;
  }
  lastResidual_ = residual;
  if (differences) {
    if (stored_ == memory_) first_ = (first_ + 1) % memory_;
    else ++stored_;
  }
  f_.swap(fPrev_);  // f keeps pointing at this residual, now fPrev_'s storage
  started_ = true;
  extrapolated_ = stored_ > 0;
  if (!extrapolated_) {
    plainStep();
    return true;
  }
  // The new slot's Gram row ΔFᵀΔf and γ's right-hand side ΔFᵀf, the ring's columns oldest first.
  const int k = stored_;
  const auto kk = static_cast<std::size_t>(k);
  std::vector<const double*>& columns = columns_;
  columns.resize(2 * kk);
  for (int i = 0; i < k; ++i) {
    columns[static_cast<std::size_t>(i)] = dF_.col((first_ + i) % memory_).data();
    columns[kk + static_cast<std::size_t>(i)] = dG_.col((first_ + i) % memory_).data();
  }
  forRanges([&](std::size_t c, std::size_t lo, std::size_t hi) {
    const double* shifted[8];
    double* sums = part + c * width;
    for (std::size_t j0 = 0; j0 < kk; j0 += 8) {
      const std::size_t m = std::min<std::size_t>(8, kk - j0);
      for (std::size_t j = 0; j < m; ++j) shifted[j] = columns[j0 + j] + lo;
      dotsWithColumns(df + lo, f + lo, shifted, m, hi - lo, sums + j0, sums + kk + j0);
    }
  });
  for (int j = 0; j < k; ++j) {
    const int other = (first_ + j) % memory_;
    gram_(slot, other) = gram_(other, slot) = total(static_cast<std::size_t>(j));
    gamma_[j] = total(kk + static_cast<std::size_t>(j));
  }
  // γ = argmin ‖f − ΔF γ‖ by the normal equations (stored_ ≤ memory_ unknowns).
  double largest = 0;
  for (int i = 0; i < k; ++i) {
    const int si = (first_ + i) % memory_;
    for (int j = 0; j < k; ++j)
      normal_[static_cast<std::size_t>(j) * kk + static_cast<std::size_t>(i)] = gram_(si, (first_ + j) % memory_);
    largest = std::max(largest, gram_(si, si));
  }
  for (std::size_t i = 0; i < kk; ++i) normal_[i * kk + i] += 1e-10 * largest + 1e-300;
  if (!choleskyFactor(normal_.data(), kk)) {  // degenerate differences: take the plain step
    plainStep();
    extrapolated_ = false;
    return true;
  }
  choleskySolve(normal_.data(), kk, gamma_.data());
  for (int i = 0; i < k; ++i) gamma_[i] = -gamma_[i];
  // x = g − ΔG γ. Step bound: nearly parallel residual differences give huge coefficients, and in
  // a flat direction of the map (ADMM at n < d with tiny penalties) the residual stays small while
  // the point runs away, so the residual test cannot catch it. Extrapolating farther from g than
  // ‖g‖ is refused: the plain step is taken instead.
  double* xw = x.data();
  double* gKeep = gPrev_.data();
  forRanges([&](std::size_t c, std::size_t lo, std::size_t hi) {
    const double* shifted[8];
    for (std::size_t j0 = 0; j0 < kk; j0 += 8) {
      const std::size_t m = std::min<std::size_t>(8, kk - j0);
      for (std::size_t j = 0; j < m; ++j) shifted[j] = columns[kk + j0 + j] + lo;
      addColumns(j0 == 0 ? gv + lo : xw + lo, shifted, gamma_.data() + j0, m, hi - lo, xw + lo);
    }
    double steps[4] = {0, 0, 0, 0}, sizes[4] = {0, 0, 0, 0};
    for (std::size_t i = lo; i < hi; ++i) {
      const double e = xw[i] - gv[i];
      steps[i & 3] += e * e;
      sizes[i & 3] += gv[i] * gv[i];
      gKeep[i] = gv[i];
    }
    part[c * width] = (steps[0] + steps[1]) + (steps[2] + steps[3]);
    part[c * width + 1] = (sizes[0] + sizes[1]) + (sizes[2] + sizes[3]);
  });
  if (total(0) > total(1)) {
    std::memcpy(x.data(), gv, n * sizeof(double));
    extrapolated_ = false;
  }
  return true;
}

}  // namespace supclust
