// A soft mixture of Q linear regressions with a gate, by EM (method experts-em): the model
// flexmix fits (Leisch 2004, Grün & Leisch 2008; with a concomitant variable model: Jacobs,
// Jordan, Nowlan & Hinton 1991, the mixture of experts), beside the papers' hard partitions.
// Model: y | x ~ Σ_q π_q(x) N(c_qᵀx + b_q, σ_q²), with the gate π(x) = softmax(Vᵀx + a)
// (families/experts/gate) or constant priors π. Problem: minimise the penalised mean negative
// log-likelihood, row i counting ω_i times (observation weights of mean 1; none: all 1),
//   F = −1/n Σ_i ω_i log Σ_q π_q(x_i) φ(y_i; c_qᵀx_i + b_q, σ_q²) + λ/2 Σ_q ‖c_q‖²/σ_q² + γ/2 ‖V‖²_F
// (λ: the conjugate prior c_q ~ N(0, σ_q²/(nλ) I); γ: the gate's ridge, none for constant
// priors), with σ_q² ≥ a floor of 1e-8 var(y) (a likelihood unbounded at a one-sample expert
// otherwise). EM: the E-step's responsibilities h_iq ∝ π_q(x_i) φ(y_i; ·); the M-step's exact
// minimisers — each expert's weighted ridge (Σ_i h_iq x̃_i x̃_iᵀ + nλ I) c_q = Σ_i h_iq x̃_i ỹ_i on
// its h-weighted centred rows, σ_q² = (Σ_i h_iq r_iq² + nλ‖c_q‖²)/Σ_i h_iq, and π_q = mean_i h_iq
// for constant priors, h_iq read as ω_i h_iq throughout; the gate, fitted to h at the first step, then moved by one trust-region
// Newton step per EM step (each accepted step lowers its part of F: a generalised EM step) — so
// F never increases. Stops when F decreases by at most tolerance·max(1, |F|). Non-convex:
// seeded restarts from uniformly random hard partitions (flexmix's start), side by side on the
// thread pool; the lowest F is kept. The likelihood grows without bound as an expert shrinks onto
// a few samples it fits exactly: a start in which an expert's share of the samples, Σ_i h_iq / n,
// falls below minPrior ends there and is not kept (flexmix drops such a component; here every
// answer keeps Q experts); if every start ends so, the fit is a NumericalIssue.
// Logistic experts (flexmix's FLXMRglm(family = "binomial")): y ∈ {0, 1}, p_q(y | x) the
// Bernoulli probability at the score c_qᵀx + b_q, no variances, the penalty λ/2 Σ_q ‖c_q‖²; the
// first M-step minimises each expert's responsibility-weighted logistic loss by Newton's method
// (ridge nλ), the later ones take one Newton step with backtracking each (a generalised EM step,
// as the gate's), so F never increases either.
// Softmax experts (flexmix's FLXMRmultinom): y a class of K, p_q(y | x) the softmax at the K
// scores C_qᵀx + b_q (d × K coefficients, intercepts summing to 0), the penalty λ/2 Σ_q ‖C_q‖²_F;
// each M-step is expert q's responsibility-weighted multinomial fit with ridge nλ — the gate's
// problem with one-hot targets (families/experts/gate) — to its tolerance at the first step,
// then up to three trust-region Newton steps each.
#pragma once

#include "supclust/families/experts/alternating_experts.hpp"

namespace supclust {

struct MixtureEmOptions {
  int maxIterations = 500;  // EM steps per start
  double tolerance = 1e-8;
  int restarts = 10;  // starts
  std::uint64_t seed = 0;
  bool gate = true;  // π(x) by the gate; else constant priors
  double lambda = 1e-6;
  double gateLambda = 1e-3;
  double minPrior = 0.05;  // flexmix's default
  enum class Experts { Regression, Logistic, Softmax };
  Experts experts = Experts::Regression;  // linear regressions; logistic (y ∈ {0, 1}); softmax over K classes
  int threads = 0;
  const Vector* weights = nullptr;  // observation weights ω of mean 1 (none: all 1)
};

// X: n x d rows; T: the n targets (n x 1), or for softmax experts the classes' one-hot rows (n x K).
// The fit's experts (d x Q, softmax experts d x QK: expert q's K columns together), their
// variances σ_q² (regression experts only), the gate, each sample's most responsible expert
// (labels), F and its history, the starts and those that reached the lowest F (lowestOf).
ExpertsFit mixtureEm(const RowMatrix& X, const Matrix& T, int Q, const MixtureEmOptions& o, const Control& control);

// Σ_i ω_i log h_i,ĉ(i) (ω: the options' weights): each sample's log-responsibility of its most responsible expert under `fit`
// (a mixtureEm answer on the same X and T, of the experts `o` names). −2 × it is what the ICL (Biernacki, Celeux & Govaert
// 2000; flexmix's ICL: −2 × the classification log-likelihood + the BIC's penalty) adds to the BIC.
double assignedLogResponsibility(const RowMatrix& X, const Matrix& T, const ExpertsFit& fit, const MixtureEmOptions& o);

}  // namespace supclust
