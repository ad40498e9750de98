// The methods of the E1 tables with their cross-validation grids (shared by both tables).
// Decisions (the papers only say "cross-validated on a logarithmic grid"): λ ∈ 10^[−6, 1]
// for the least-squares family, OSCAR's (λ1, λ2) on a 5 × 3 log grid solved to a 1e-6
// certificate, CG's λ ∈ 10^[−3, 0] with at most 200 Frank–Wolfe steps (relative gap 1e-2);
// --fast keeps 2–3 points per option. The Oracle fits least squares on the true partition.
// "IHC+hops" is ours, not the papers': λ cross-validated for plain IHC, then the final fit with
// 20 basin-hopping restarts (option 'hops'); "IHC+hops λ=1e-4" runs those hops at a fixed
// λ = 1e-4, a value picked after seeing E1's results (so not an out-of-sample choice).
// "CGPG+primal" is ours too: CG rounded by the k-means of w(M) = M Xᵀ A⁻¹ y/(nλ) instead of
// the papers' last oracle.
#pragma once

#include "supclust/experiments/experiment.hpp"

namespace supclust {

std::vector<ExperimentMethod> e1Methods();
// The CG rows' fixed options at Q values (the E1 tables' budget: at most 200 Frank–Wolfe steps
// to a relative gap of 1e-2): CG, CGPG (its budget as cgIterations/cgTolerance) and CGPG+primal.
struct CgRowParams {
  Params cg, cgpg, cgpgPrimal;
};
CgRowParams cgRowParams(int Q);
// CGPG as the LwCS paper runs it: projected gradient from CG's rounded solution, no exchange
// search after it (the library's default adds one).
Params papersCgpg();
// E1's generator (d = 100, Q = 5) with these rows; a table adds its column and figures.
Experiment e1Base();
std::vector<double> logSpace(double from, double to, int count);
// A start-dependent method as the papers run it, on top of the row's own options `p`: one start
// (the library's default for ihc, ihcs and iht is several; docs/api.md).
Params papersStart(Params p);
// IHC as the IHC paper runs it, for the tables' IHC rows: one start and no exchange search (the
// library's defaults add both); IHCS likewise, without its exchange search over supports and
// groupings; IHT without the swap search.
Params papersIhc(Params p);
Params papersIhcs(Params p);
Params papersIht(Params p);
// A row of a two-penalty method (OSCAR, GFLasso, ncFGS, DFG) searching λ1 × λ2 over one grid
// (the DFG paper's tables); `featureGraph`: on the repetition's correlation graph.
ExperimentMethod twoPenaltyRow(const std::string& label, const std::string& method, const std::vector<double>& lambdas,
                               const std::vector<double>& fast, bool featureGraph = false);

}  // namespace supclust
