// Slow, obviously-correct references for the kernels (test-only).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <vector>

namespace ref {

inline double sse(const std::vector<double>& u, const std::vector<int>& labels, int blocks) {
  std::vector<long double> sum(blocks, 0), cnt(blocks, 0);
  for (std::size_t i = 0; i < u.size(); ++i) {
    sum[labels[i]] += u[i];
    cnt[labels[i]] += 1;
  }
  long double total = 0;
  for (std::size_t i = 0; i < u.size(); ++i) {
    const long double r = u[i] - sum[labels[i]] / cnt[labels[i]];
    total += r * r;
  }
  return static_cast<double>(total);
}

// Visits every set partition of {0..d-1} into at most maxBlocks blocks (restricted growth).
inline void forEachPartition(int d, int maxBlocks, const std::function<void(const std::vector<int>&, int)>& visit) {
  std::vector<int> a(d, 0);
  std::function<void(int, int)> rec = [&](int i, int blocks) {
    if (i == d) {
      visit(a, blocks);
      return;
    }
    for (int b = 0; b <= blocks && b < maxBlocks; ++b) {
      a[i] = b;
      rec(i + 1, std::max(blocks, b + 1));
    }
  };
  rec(0, 0);
}

// Minimum SSE over all partitions into at most Q blocks (any, not only contiguous).
inline double bruteKMeans(const std::vector<double>& u, int Q) {
  double best = std::numeric_limits<double>::infinity();
  forEachPartition(static_cast<int>(u.size()), Q,
                   [&](const std::vector<int>& a, int blocks) { best = std::min(best, sse(u, a, blocks)); });
  return best;
}

// The papers' O(Q d^2) dynamic programme over contiguous segments of the sorted values, with
// cost(u, i, j) the SSE of sorted entries i..j (inclusive).
template <class Cost>
long double segmentDP(std::vector<double> u, int Q, Cost&& cost) {
  std::sort(u.begin(), u.end());
  const int d = static_cast<int>(u.size());
  Q = std::min(Q, d);
  const long double inf = std::numeric_limits<long double>::infinity();
  std::vector<std::vector<long double>> D(Q, std::vector<long double>(d, inf));
  for (int j = 0; j < d; ++j) D[0][j] = cost(u, 0, j);
  for (int q = 1; q < Q; ++q)
    for (int j = q; j < d; ++j)
      for (int i = q; i <= j; ++i) D[q][j] = std::min(D[q][j], D[q - 1][i - 1] + cost(u, i, j));
  long double best = inf;
  for (int q = 0; q < Q; ++q) best = std::min(best, D[q][d - 1]);
  return best;
}

// The DP with the papers' costs from long double prefix sums.
inline double naiveDP(const std::vector<double>& values, int Q) {
  std::vector<long double> p1, p2;
  auto cost = [&](const std::vector<double>& u, int i, int j) {
    if (p1.empty()) {
      p1.assign(u.size() + 1, 0);
      p2.assign(u.size() + 1, 0);
      for (std::size_t k = 0; k < u.size(); ++k) {
        p1[k + 1] = p1[k] + u[k];
        p2[k + 1] = p2[k] + static_cast<long double>(u[k]) * u[k];
      }
    }
    const long double s = p1[j + 1] - p1[i], n = j - i + 1;
    return std::max<long double>(0, p2[j + 1] - p2[i] - s * s / n);
  };
  return static_cast<double>(segmentDP(values, Q, cost));
}

// The DP with each segment's cost computed two-pass (its mean, then the squared deviations):
// no prefix sums, so no cancellation between magnitudes.
inline long double twoPassDP(const std::vector<double>& values, int Q) {
  auto cost = [](const std::vector<double>& u, int i, int j) {
    long double mean = 0;
    for (int k = i; k <= j; ++k) mean += u[k];
    mean /= (j - i + 1);
    long double c = 0;
    for (int k = i; k <= j; ++k) c += (u[k] - mean) * (u[k] - mean);
    return c;
  };
  return segmentDP(values, Q, cost);
}

// min ||w - u||^2 over w with <= s non-zeros taking <= Q distinct values: every labelling
// with label -1 = zero and blocks 0..Q-1 (restricted growth over the selected coordinates).
inline double bruteSparse(const std::vector<double>& u, int s, int Q) {
  const int d = static_cast<int>(u.size());
  double best = std::numeric_limits<double>::infinity();
  std::vector<int> a(d, -1);
  std::function<void(int, int, int)> rec = [&](int i, int blocks, int used) {
    if (i == d) {
      std::vector<long double> sum(blocks, 0), cnt(blocks, 0);
      for (int k = 0; k < d; ++k)
        if (a[k] >= 0) {
          sum[a[k]] += u[k];
          cnt[a[k]] += 1;
        }
      long double t = 0;
      for (int k = 0; k < d; ++k) {
        const long double r = a[k] < 0 ? u[k] : u[k] - sum[a[k]] / cnt[a[k]];
        t += r * r;
      }
      best = std::min(best, static_cast<double>(t));
      return;
    }
    a[i] = -1;
    rec(i + 1, blocks, used);
    if (used < s)
      for (int b = 0; b <= blocks && b < Q; ++b) {
        a[i] = b;
        rec(i + 1, std::max(blocks, b + 1), used + 1);
      }
    a[i] = -1;
  };
  rec(0, 0, 0);
  return best;
}

// The paper's O(s^2 Q) recursion (IHC §4.1): f+(j,q) over the j largest entries (all signs,
// decreasing), groups with positive means; f- likewise on increasing order. Returns the
// minimum of ||w - u||^2 = ||u||^2 - max_{j+k<=s, q1+q2<=Q} f+(j,q1) + f-(k,q2).
inline double paperSparse(const std::vector<double>& u, int s, int Q) {
  const int d = static_cast<int>(u.size());
  s = std::min(s, d);
  const long double ninf = -std::numeric_limits<long double>::infinity();
  auto side = [&](std::vector<double> v) {  // v sorted decreasing, positive-mean groups
    std::vector<long double> p(d + 1, 0);
    for (int i = 0; i < d; ++i) p[i + 1] = p[i] + v[i];
    std::vector<std::vector<long double>> f(s + 1, std::vector<long double>(Q + 1, ninf));
    f[0][0] = 0;
    for (int j = 1; j <= s; ++j)
      for (int q = 1; q <= Q; ++q)
        for (int i = q; i <= j; ++i) {  // last group = entries i..j (1-based)
          const long double sum = p[j] - p[i - 1], n = j - i + 1;
          if (sum / n <= 0 || f[i - 1][q - 1] == ninf) continue;
          f[j][q] = std::max(f[j][q], f[i - 1][q - 1] + sum * sum / n);
        }
    return f;
  };
  std::vector<double> dec(u), inc(u);
  std::sort(dec.begin(), dec.end(), std::greater<double>());
  for (double& x : inc) x = -x;
  std::sort(inc.begin(), inc.end(), std::greater<double>());
  const auto fp = side(dec), fn = side(inc);
  long double best = 0;
  for (int j = 0; j <= s; ++j)
    for (int k = 0; j + k <= s; ++k)
      for (int q1 = 0; q1 <= Q; ++q1)
        for (int q2 = 0; q1 + q2 <= Q; ++q2)
          if (fp[j][q1] != ninf && fn[k][q2] != ninf) best = std::max(best, fp[j][q1] + fn[k][q2]);
  long double norm = 0;
  for (double x : u) norm += static_cast<long double>(x) * x;
  return static_cast<double>(norm - best);
}

inline std::vector<double> randomVector(std::mt19937_64& rng, int d, double scale = 1.0, bool integers = false) {
  std::normal_distribution<double> N(0, 1);
  std::uniform_int_distribution<int> I(-3, 3);
  std::vector<double> u(d);
  for (double& x : u) x = integers ? I(rng) : scale * N(rng);
  return u;
}

inline bool closeRel(double a, double b, double rel, double abs = 1e-12) {
  return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b)) + abs;
}

}  // namespace ref
