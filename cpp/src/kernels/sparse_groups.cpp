#include "supclust/kernels/sparse_groups.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "supclust/kernels/arguments.hpp"
#include "supclust/kernels/double_double.hpp"
#include "supclust/kernels/scaling.hpp"

namespace supclust {

namespace {
const double kMinusInf = -HUGE_VAL;

// Sorts idx so that |u| decreases (ties: lower index first) and keeps the first k.
void keepLargest(const double* u, std::vector<std::int32_t>& idx, std::size_t k) {
  auto larger = [u](std::int32_t a, std::int32_t b) {
    const double ma = std::abs(u[a]), mb = std::abs(u[b]);
    return ma > mb || (ma == mb && a < b);
  };
  if (k < idx.size()) {
    std::nth_element(idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(k), idx.end(), larger);
    idx.resize(k);
  }
  std::sort(idx.begin(), idx.end(), larger);
}
}  // namespace

Refusal checkSparseGroups(std::size_t d, std::size_t s, std::int64_t Q) {
  if (Q < 1) return Refusal("Q", "must be >= 1 (got " + std::to_string(Q) + ")");
  const std::uint64_t m = std::min(s, d), cells = (m + 1) * (static_cast<std::uint64_t>(Q) + 1);
  if (static_cast<std::uint64_t>(Q) > kKMeans1DMaxSplits || cells > kKMeans1DMaxSplits / 4)
    return Refusal("Q", "the exact DP for Q = " + std::to_string(Q) + " groups among " + std::to_string(m) +
                            " selected values needs " + std::to_string(cells) +
                            " table cells of 16 bytes; the limit is " + std::to_string(kKMeans1DMaxSplits / 4) +
                            " (1 GB): use a smaller Q or s");
  return {};
}

void SparseGroupsProjector::selectSide(const double* u, std::size_t d, std::size_t s, int sign, double unscale,
                                       Side& side) {
  side.idx.clear();
  for (std::size_t i = 0; i < d; ++i)
    if (sign > 0 ? u[i] > 0 : u[i] < 0) side.idx.push_back(static_cast<std::int32_t>(i));
  keepLargest(u, side.idx, s);
  side.mag.resize(side.idx.size());
  for (std::size_t k = 0; k < side.idx.size(); ++k) side.mag[k] = std::abs(u[side.idx[k]]) * unscale;
}

// best[j*(Q+1)+q] = max over j' <= j, q' <= q of f(j', q'), with f(0, 0) = 0.
void SparseGroupsProjector::solveSide(Side& side, std::size_t Q) {
  const std::size_t m = side.mag.size(), W = Q + 1;
  side.best.assign((m + 1) * W, kMinusInf);
  side.argJ.assign((m + 1) * W, 0);
  side.argQ.assign((m + 1) * W, 0);
  // f(j, q) for q >= 1 lands in best first; then prefix maxima in place.
  if (m > 0) {
    dp_.reset(side.mag.data(), nullptr, m);
    const double scale = dp_.costScale();
    side.back.assign(Q * m, 0);
    rowPrev_.assign(m, 0);
    rowCur_.assign(m, 0);
    DoubleDouble p2;  // rounded once per entry
    std::vector<double> prefix2(m);
    for (std::size_t j = 0; j < m; ++j) {
      p2 = dd::add(p2, dd::twoProduct(side.mag[j], side.mag[j]));
      prefix2[j] = p2.hi + p2.lo;
    }
    for (std::size_t q = 0; q < Q && q < m; ++q) {
      dp_.fillRow(q, rowPrev_.data(), rowCur_.data(), side.back.data() + q * m, q, m - 1);
      for (std::size_t j = q; j < m; ++j)  // j+1 entries in q+1 groups
        side.best[(j + 1) * W + (q + 1)] = prefix2[j] - scale * rowCur_[j];
      std::swap(rowPrev_, rowCur_);
    }
  }
  side.best[0] = 0;
  for (std::size_t j = 0; j <= m; ++j)
    for (std::size_t q = 0; q <= Q; ++q) {
      const std::size_t c = j * W + q;
      double v = side.best[c];
      std::int32_t aj = static_cast<std::int32_t>(j), aq = static_cast<std::int32_t>(q);
      if (j > 0 && side.best[c - W] > v) {
        v = side.best[c - W];
        aj = side.argJ[c - W];
        aq = side.argQ[c - W];
      }
      if (q > 0 && side.best[c - 1] > v) {
        v = side.best[c - 1];
        aj = side.argJ[c - 1];
        aq = side.argQ[c - 1];
      }
      side.best[c] = v;
      side.argJ[c] = aj;
      side.argQ[c] = aq;
    }
}

// Start positions (within the side's order) of the q segments covering its first j entries.
std::vector<std::size_t> SparseGroupsProjector::segmentStarts(const Side& side, std::size_t j, std::size_t q) const {
  std::vector<std::size_t> start(q + 1);
  start[q] = j;
  const std::size_t m = side.mag.size();
  std::size_t last = j;  // exclusive end
  for (std::size_t g = q; g-- > 0;) {
    start[g] = static_cast<std::size_t>(side.back[g * m + (last - 1)]);
    last = start[g];
  }
  return start;
}

void SparseGroupsProjector::solve(const double* u, std::size_t d, std::size_t s, int Qi, SparseGroupsResult& out) {
  const std::size_t Q = static_cast<std::size_t>(Qi);
  s = std::min(s, d);
  // Values whose squares could overflow are divided by a power of two (exact but for values
  // 2^1000 times smaller than the largest).
  double maxAbs = 0;
  for (std::size_t i = 0; i < d; ++i) maxAbs = std::max(maxAbs, std::abs(u[i]));
  const double scale = maxAbs > 0x1p500 ? powerOfTwoScale(maxAbs) : 1;
  selectSide(u, d, s, +1, 1 / scale, pos_);
  selectSide(u, d, s, -1, 1 / scale, neg_);
  solveSide(pos_, Q);
  solveSide(neg_, Q);
  const std::size_t W = Q + 1, mp = pos_.mag.size(), mn = neg_.mag.size();
  double best = kMinusInf;
  std::size_t bj = 0, bq = 0;
  for (std::size_t j = 0; j <= std::min(s, mp); ++j)
    for (std::size_t q = 0; q <= Q; ++q) {
      const std::size_t k = std::min(s - j, mn);
      const double v = pos_.best[j * W + q] + neg_.best[k * W + (Q - q)];
      if (v > best) {
        best = v;
        bj = j;
        bq = q;
      }
    }
  const std::size_t pc = bj * W + bq, nc = std::min(s - bj, mn) * W + (Q - bq);

  out.values.assign(d, 0.0);
  struct Group {
    double centroid;
    std::vector<std::int32_t> members;
  };
  std::vector<Group> groups;
  auto collect = [&](const Side& side, std::size_t j, std::size_t q, double sign) {
    const std::vector<std::size_t> start = segmentStarts(side, j, q);
    for (std::size_t g = 0; g < q; ++g) {
      Group grp{0, {}};
      for (std::size_t t = start[g]; t < start[g + 1]; ++t) grp.members.push_back(side.idx[t]);
      grp.centroid = sign * scale * anchoredMean(side.mag.data() + start[g], nullptr, start[g + 1] - start[g]);
      groups.push_back(std::move(grp));
    }
  };
  collect(pos_, static_cast<std::size_t>(pos_.argJ[pc]), static_cast<std::size_t>(pos_.argQ[pc]), 1.0);
  collect(neg_, static_cast<std::size_t>(neg_.argJ[nc]), static_cast<std::size_t>(neg_.argQ[nc]), -1.0);
  std::size_t nonzero = 0;
  for (const Group& g : groups) nonzero += g.members.size();
  if (nonzero < d) groups.push_back({0.0, {}});  // the zero group (members: the rest)
  std::sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) { return a.centroid < b.centroid; });
  // Tied magnitudes can be split into segments with the same mean: one value, one group.
  std::vector<Group> merged;
  for (Group& g : groups) {
    if (!merged.empty() && merged.back().centroid == g.centroid)
      merged.back().members.insert(merged.back().members.end(), g.members.begin(), g.members.end());
    else merged.push_back(std::move(g));
  }
  groups.swap(merged);
  out.centroids.resize(groups.size());
  out.labels.assign(d, -1);
  std::int32_t zeroLabel = -1;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    out.centroids[g] = groups[g].centroid;
    if (groups[g].centroid == 0.0) zeroLabel = static_cast<std::int32_t>(g);
    for (std::int32_t i : groups[g].members) {
      out.labels[i] = static_cast<std::int32_t>(g);
      out.values[i] = groups[g].centroid;
    }
  }
  for (std::size_t i = 0; i < d; ++i)
    if (out.labels[i] < 0) out.labels[i] = zeroLabel;
}

SparseGroupsResult projectSparseGroups(const double* u, std::size_t d, std::size_t s, int Q) {
  SparseGroupsProjector p;
  SparseGroupsResult r;
  p.solve(u, d, s, Q, r);
  return r;
}

void topSThreshold(const double* u, std::size_t d, std::size_t s, double* out) {
  std::vector<std::int32_t> idx(d);
  std::iota(idx.begin(), idx.end(), 0);
  keepLargest(u, idx, std::min(s, d));
  std::fill(out, out + d, 0.0);
  for (std::int32_t i : idx) out[i] = u[i];
}

Refusal checkSparseGroupsCall(const double* u, std::size_t d, double s, double Q) {
  for (const Refusal& why : {checkFinite("values", u, d), checkCount("Q", Q, 1)})
    if (!why.empty()) return why;
  if (!checkCount("s", s, 1).empty() || s < Q) return Refusal("s", "must be an integer in [Q, 2147483647]");
  return checkSparseGroups(d, static_cast<std::size_t>(s), static_cast<std::int64_t>(Q));
}

}  // namespace supclust
