// The experts tests' data (test-only): a mixture of Q linear regressions from the `experts`
// generator, and the registry's view of it.
#pragma once

#include <gtest/gtest.h>

#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"

namespace supclust::test_data {

inline SyntheticProblem mixture(int n, int d, int Q, double sigma, std::uint64_t seed, int noiseDims = 0) {
  GeneratorOptions g;
  g.n = n;
  g.nTest = 50;
  g.d = d;
  g.Q = Q;
  g.sigma = sigma;
  g.noiseDims = noiseDims;
  g.seed = seed;
  SyntheticProblem p;
  EXPECT_EQ(generate("experts", g, p).message(), "");
  return p;
}

}  // namespace supclust::test_data
