// Screened starts for the regression experts' alternating minimisation (ours, beyond the
// papers; docs/replication.md, E3 at p ≥ 0.9). Among many noise columns, AM from random
// partitions ends at wrong partitions (E3: d = 10 intrinsic + 90 or 190 noise columns, none of
// 1000 starts finds the experts). For Gaussian x with independent columns and y = v_qᵀx + ε in
// group q, cov(y², x_j²) = 2 Σ_q π_q v_qj² var(x_j)² — zero on a column no expert uses — so:
// - score each column by cov(y², x_j²)/var(x_j) (y centred, X's columns centred);
// - in rounds: AM from `restarts` random partitions on the k best columns only; AM on every
//   column from the best of them; re-score each column by what it adds to the experts'
//   answers, var(x_j) Σ_q c_qj² (those experts, fitted on every column); stop after `rounds`
//   or when the k columns repeat.
// The lowest F (on every column) of the rounds is returned: one more start for AM, which keeps
// it only if no random start does better. k = `columns`, or by default n/(10Q) (the size at
// which AM's random starts still find E3's experts: about ten samples per expert and column),
// at least Q; with k ≥ d there is nothing to screen.
#pragma once

#include "supclust/families/experts/alternating_experts.hpp"

namespace supclust {

struct ScreeningOptions {
  int rounds = 10;
  int columns = 0;  // k; 0: n/(10Q), at least Q
};

// The k the rounds use (d when there is nothing to screen).
Eigen::Index screenedColumns(Eigen::Index n, Eigen::Index d, int Q, int columns);

// The first score of each column: cov(y², x_j²)/var(x_j) (0 on a constant column).
Vector screeningScores(const RowMatrix& X, const Vector& y);

// Searches run in turn, each counting its iterations from 0, seen by the caller's progress as
// one increasing count: each search's count continues from the highest reported before it.
class SearchesInTurn {
 public:
  explicit SearchesInTurn(const Control& caller);
  const Control& next();  // the control of the next search
 private:
  const Control& caller_;
  int base_ = 0, reported_ = 0;
  Control control_;
};

// The rounds' best experts on every column (AM's settings from `am`: restarts, seed, threads);
// no labels when nothing is screened. Each round's two searches take their control from `turn`.
ExpertsFit screenedExperts(const RowMatrix& X, const Vector& y, int Q, double lambda,
                           const AlternatingExpertsOptions& am, const ScreeningOptions& s, SearchesInTurn& turn);
ExpertsFit screenedExperts(const RowMatrix& X, const Vector& y, int Q, double lambda,
                           const AlternatingExpertsOptions& am, const ScreeningOptions& s, const Control& control);

}  // namespace supclust
