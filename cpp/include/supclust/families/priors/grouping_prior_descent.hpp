// GEM / LEM by exact block descent (ours, weight-grouping priors paper §3–4).
//
// Problem:  min_{W, b, c, κ} F(W, b) + γ Σ_j dev(W_j − c_κ(j)),  dev(r) = Σ_k r_k² (GEM) or Σ_k |r_k|
// (LEM), F = Loss(Xc W + b) (+ ridge, usually none), s centres c, b free; one output, or K (the
// multinomial loss: W_j and c_k rows of K).
//
// Two exact block minimisations alternate, and neither can increase the objective:
//   1. for the assignment κ, minimise over (w, b, c) jointly — convex: min over c is the
//      within-group deviation (families/priors/grouping_prior's GroupDeviationPenalty). GEM's is the
//      quadratic (2γ)/2 ‖(I − P_κ)w‖², solved by trust-region Newton (core/objective's group
//      ridge); LEM's is non-smooth, solved by accelerated proximal gradient with its exact prox;
//      both to their solver's certificate;
//   2. for w, the best (c, κ) is the exact 1-D k-means (GEM) or k-median (LEM) of w. With K
//      outputs no algorithm finds it exactly: the lowest of seeded k-means++ restarts and of the
//      current κ, each refined by Lloyd steps (families/priors/grouping_prior's PriorCentres),
//      never above the current κ's deviation.
// From w = 0 the first assignment is the exact clustering of −∇F(0) (every weight is 0, and a
// strong prior would keep one group forever). It stops when step 2 returns the partition step 1 used (w is then optimal for κ and κ for
// w: a partial optimum, and a local minimum where the partition is strict), or when a round no
// longer lowers the objective. The paper's algorithm (families/priors/grouping_prior_cg) instead takes
// one conjugate-gradient line search on w between Lloyd-style centre updates, for fixed
// centres: every weight step is then a partial step and every centre step a local one.
#pragma once

#include "supclust/families/priors/grouping_prior.hpp"
#include "supclust/core/objective.hpp"

namespace supclust {

struct GroupingPriorOptions {
  PriorKind kind = PriorKind::Gaussian;
  int centres = 3;  // s
  double gamma = 0;  // γ
  int maxIterations = 20000;  // inner solver steps per round (the paper's algorithm: CG steps)
  double tolerance = 1e-10;  // inner certificate, relative to ‖∇F(0)‖∞
  int maxRounds = 200;  // block-descent rounds
  int restarts = 5;  // K outputs: k-means++ restarts of step 2 (not an option of the methods)
  std::uint64_t seed = 0;  // and their seed
};

// Returns coef, intercept, groups (κ) and centroids (c, G × K, ascending), the objective
// F + γ Σ dev and its history per round.
Result groupingPriorDescent(const Objective& F, const GroupingPriorOptions& opt, Matrix W, RowVector b,
                            const Control& control);

// The prior's objective at (W, b) with the best centres PriorCentres finds for W (one output: the
// exact k-means or k-median deviation); assignment filled when given.
double groupingPriorObjective(const Objective& F, const GroupingPriorOptions& opt, const Matrix& W, const RowVector& b,
                              PriorAssignment* assignment = nullptr);

}  // namespace supclust
