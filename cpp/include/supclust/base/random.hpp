// A small, portable random generator (xoshiro256** seeded by splitmix64) with uniform and
// normal draws defined here, so that the same seed gives the same data natively and in wasm
// (std:: distributions differ between standard libraries).
#pragma once

#include <cmath>
#include <cstdint>

namespace supclust {

class Random {
 public:
  explicit Random(std::uint64_t seed) {
    for (auto& s : s_) {
      seed += 0x9E3779B97F4A7C15ull;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      s = z ^ (z >> 31);
    }
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9, t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform on [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  double uniform(double a, double b) { return a + (b - a) * uniform(); }
  // Uniform integer in [0, k) (k >= 1), by rejection: no modulo bias. A draw is rejected when it
  // is at or above limit = M − (M mod k), M = 2⁶⁴ − 1; as M mod k < k, every draw x ≤ M − k is
  // below it, so limit (a second division) is computed only for the k largest draws.
  std::uint64_t below(std::uint64_t k) {
    constexpr std::uint64_t M = ~std::uint64_t{0};
    std::uint64_t x = next();
    while (x > M - k && x >= M - M % k) x = next();
    return x % k;
  }
  // Standard normal by the Marsaglia polar method (only +,*,/,log,sqrt: identical in wasm).
  double normal() {
    if (haveSpare_) {
      haveSpare_ = false;
      return spare_;
    }
    double u, v, r;
    do {
      u = 2 * uniform() - 1;
      v = 2 * uniform() - 1;
      r = u * u + v * v;
    } while (r >= 1 || r == 0);
    const double f = std::sqrt(-2 * std::log(r) / r);
    spare_ = v * f;
    haveSpare_ = true;
    return u * f;
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
  double spare_ = 0;
  bool haveSpare_ = false;
};

}  // namespace supclust
