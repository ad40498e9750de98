// Seeded synthetic problems from the papers (spec §6).
#pragma once

#include <cstdint>
#include <string>

#include "supclust/core/types.hpp"

namespace supclust {

struct SyntheticProblem {
  RowMatrix X;        // n x d training design
  Vector y;           // n targets
  RowMatrix Xtest;    // nTest x d held-out design
  Vector ytest;
  Vector coef;        // the true w*
  Labels groups;      // the true partition (labels 0..Q-1, ascending in value)
};

// E1 (IHC Tables 1–2, LwCS Tables 2–3): X i.i.d. N(0, 1); w* takes Q values i.i.d.
// Uniform(−15, 15), features assigned to groups uniformly at random conditioned on every group
// being used (so w* has exactly Q distinct values); y = X w* + N(0, σ²).
// "" when the E1 sizes are valid (n >= 1, d >= 1, 1 <= Q <= d, σ >= 0 finite, nTest >= 0).
std::string checkE1(int n, int d, int Q, double sigma, int nTest);
SyntheticProblem generateE1(int n, int d, int Q, double sigma, std::uint64_t seed, int nTest = 0);

}  // namespace supclust
