// Seeded synthetic problems from the papers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "supclust/base/types.hpp"
#include "supclust/methods/schema.hpp"

namespace supclust {

struct SyntheticProblem {
  RowMatrix X;  // n x d training design
  Vector y;  // n targets (or class labels)
  RowMatrix Xvalidation;  // nValidation x d (E5's selection set)
  Vector yvalidation;
  RowMatrix Xtest;  // nTest x d held-out design
  Vector ytest;
  Vector coef;  // the true w* (E6: the best linear predictor; waveform: empty;
      // experts: the Q experts' weights one after the other, (d + d_n) each)
  Labels groups;  // the true partition (E1: labels 0..Q-1, ascending in value;
      // experts: the expert of each training sample)
};

// Options of every generator; each reads the fields it declares (generatorSchema(): the fields,
// their docs, ranges and that generator's defaults; the initial values here are not defaults).
struct GeneratorOptions {
  int n = 100;
  int d = 100;
  int Q = 5;
  double sigma = 0.5;
  std::uint64_t seed = 1;
  int nTest = 0;
  int nValidation = 0;
  int dataset = 1;  // E5: 1 or 2
  std::string task;  // E1, E2, E6: "classification" or "regression"
      // ("": E1/E2 regression, E6 classification);
      // waveform: "classification" = binary (class 0 or not)
  double rho = 0;  // E1, E2: correlation of any two features, in [0, 1)
  int noiseDims = 0;  // experts: the noise dimensions d_n
  double noiseSigma = 1;  // experts: their standard deviation σ_d
  int tasks = 10;  // tasks: the number of classes K
  double taskSpread = 0.2;  // tasks: each class's predictor around its centre
};

// Experts (LwCS §6.1.1 / Table 1, DataCube Table 2): Q experts v_q ~ N(0, I_d) on d intrinsic
// dimensions (decision: the papers do not state the experts' weights; see docs/replication.md);
// each sample's expert uniform over Q; x = (N(0, I_d), noiseDims entries N(0, σ_d²));
// y = v_qᵀ x_{1..d} + N(0, σ²).
// Tasks (clustered multitask classification, ours): Q centres c_q ~ N(0, I_d); the K
// classes in clusters of equal sizes (±1), in random order; class k's predictor
// w_k = c_{q(k)} + taskSpread·N(0, I_d); x ~ N(0, I_d); y = argmax_k (w_kᵀx + σ g_k) with g_k
// standard Gumbel (σ = 1: y drawn from the softmax of the scores; σ = 0: the argmax). coef: W
// column by column (d·K), groups: the cluster of each class (K labels).
// The generators by name: "e1" and "e2" (generateE1), "e5", "e6", "waveform", "experts", "tasks". Returns "" and
// fills out, or a message naming the field.
// Decision (E2, DataCube Table 3): the paper's text says "10 different values uniformly
// distributed around 0", σ = 0.1, but its figures fix the rest (derivation in
// docs/replication.md): the Oracle row is σ√(Q/(n − Q − 1)) with Q = 5 to two digits in every
// column, and the ridge error 0.699 at n = 50 < d means ‖w*‖ ≈ 1 (minimum-norm least squares
// errs by about ‖w*‖·√(1 − n/d) there). So E2's Q values are evenly spaced on [−1, 1]
// ("uniformly distributed around 0"), assigned as in E1, and w* is rescaled to unit norm; the
// table runs it with Q = 5.
Refusal generate(const std::string& name, const GeneratorOptions& options, SyntheticProblem& out);
const std::vector<std::string>& generatorNames();
// The options generator `name` reads (GeneratorOptions' field names); the others are refused.
const std::vector<std::string>& generatorOptions(const std::string& name);
// Generator `name`'s declared options with its defaults; nullptr for an unknown name.
const Schema<GeneratorOptions>* generatorSchema(const std::string& name);
// generate() from a caller's options: checked against the generator's schema (unknown options,
// ranges, required n), defaults filled, the problem's memory within the address space.
Refusal generate(const std::string& name, const Params& given, SyntheticProblem& out);

// E5 (DFG Table 1): d = 40; dataset 1 β* = (3×10, 2.8×10, 2×10, 0×10), dataset 2
// β* = (2.8×10, 2.6×10, 2.4×10, 0×10); rows ~ N(0, S) with S_ii = 1, S_ij = 0.9 when
// β*_i = β*_j, else 0.25^|β*_i − β*_j|; y = X β* + N(0, σ²). Returns β* and S; "" when S is
// positive definite (else a message saying so).
Refusal e5Covariance(int dataset, Vector& beta, Matrix& S);

// E6 (weight grouping priors, §6.1): s = 3 hidden H ~ N(0, 1); 50 noisy copies X = H_k + N(0, 1)
// each (150 attributes, copies of H_k in columns 50k..50k+49); classification:
// y = [H·(−5, −1, 3)ᵀ > 0]; regression: y = H·(−5, −1, 3)ᵀ + N(0, σ²).
// Waveform (Breiman et al. 1984, version 2 with noise): 21 attributes u·h_a + (1 − u)·h_b + N(0, 1)
// with h_c(i) = max(6 − |i − c|, 0), classes 0: (7, 15), 1: (11, 7), 2: (11, 15) — the class
// numbering of the UCI file — equally likely, then 19 attributes of N(0, 1). Task
// "classification": the binary problem class 0 against classes 1 and 2 (y = 1 for class 0).

// E1 (IHC Tables 1–2, LwCS Tables 2–3): X i.i.d. N(0, 1); w* takes Q values i.i.d.
// Uniform(−15, 15), features assigned to groups uniformly at random conditioned on every group
// being used (so w* has exactly Q distinct values); y = X w* + N(0, σ²).
// "" when the E1 sizes are valid (n >= 1, d >= 1, 1 <= Q <= d, σ >= 0 finite, nTest >= 0).
Refusal checkE1(int n, int d, int Q, double sigma, int nTest);
// The values of w*: E1's (i.i.d. Uniform(−15, 15)) or E2's (evenly spaced on [−1, 1], then w*
// rescaled to ‖w*‖ = 1; see generate()).
enum class CoefValues { Uniform15, EvenUnitNorm };
SyntheticProblem generateE1(int n, int d, int Q, double sigma, std::uint64_t seed, int nTest = 0,
                            CoefValues values = CoefValues::Uniform15, double rho = 0, bool classification = false);

}  // namespace supclust
