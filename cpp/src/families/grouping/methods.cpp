// Feature grouping by a constraint: coefficients that take at most Q distinct values (rows, for
// K outputs), possibly s-sparse — LSK (ridge, then the exact projection), IHC/IHCS/IHT
// (projected gradient onto the structure; IHC paper Alg. 1, §4.1; by default from several starts,
// IHC's each polished by the exchange search of exchange.hpp, IHT's by the swap search of
// support_swap.hpp: ours), CG and CGPG (conditional
// gradient on equivalence matrices, then IHC; LwCS Alg. 2) and the oracle given the partition.
#include "supclust/families/grouping/methods.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>

#include "supclust/base/random.hpp"
#include "supclust/core/structure.hpp"
#include "supclust/families/grouping/conditional_gradient.hpp"
#include "supclust/families/grouping/exchange.hpp"
#include "supclust/families/grouping/sparse_exchange.hpp"
#include "supclust/families/grouping/support_swap.hpp"
#include "supclust/kernels/gram_partition.hpp"
#include "supclust/methods/option_sets.hpp"
#include "supclust/methods/multi_start.hpp"
#include "supclust/methods/recipes.hpp"
#include "supclust/solvers/least_squares.hpp"
#include "supclust/solvers/projected_gradient.hpp"

namespace supclust {

namespace {

// The options of the family's methods (each declares the fields it reads).
struct GroupingOptions : LossField, RidgeField, StepFields, SeedField, RestartsField {
  int Q = 0, s = 0, maxIterations = 0, hops = 0, starts = 0, cgIterations = 0;
  double tolerance = 0, hopScale = 0, cgTolerance = 0;
  std::string init, rounding;
  bool refit = false, exchange = false, swap = false;
  std::optional<Labels> groups;
};

std::unique_ptr<Structure> groupStructure(const FitContext& c, const GroupingOptions& o) {
  return makeGroupStructure(o.Q, c.T.cols(), o.restarts, o.seed);
}

// Ridge, then the projection of its coefficients onto Q values (LSK).
Result ridgeThenProject(const FitContext& c, const GroupingOptions& o) {
  Result r = smoothFit(c, o.lambda, smoothDefaults());
  Partition p;
  groupStructure(c, o)->project(r.coef, p);
  attachPartition(r, std::move(p));
  r.objective = objectiveOf(c, o.lambda).value(r.coef, r.intercept);
  r.history = {r.objective};
  return r;
}

// The best values given a partition: W = Z V with V fitted by the loss and ridge λ/2‖ZV‖².
// Squared loss on equal rows: closed form. Otherwise (other losses, weighted rows) the design
// Xc Z D^{-1/2} (D = group sizes) turns the weighted ridge into a plain one; there the last group
// may be pinned at 0 (`lastIsZero`: a sparse grouping's zeros).
Result refitOnPartition(const FitContext& c, const GroupingOptions& o, Partition p, bool lastIsZero = false) {
  const int G = static_cast<int>(p.centroids.rows());
  const double lambda = o.lambda;
  Result r;
  if (c.loss.closedForm()) {
    p.centroids = groupValues(c.X, c.T, p.labels, G, lambda);
    r.intercept = c.T.colwise().mean();
  } else {
    const int free = lastIsZero ? G - 1 : G;
    RowMatrix A = c.X.groupSums(p.labels, free);  // the pinned group's features left out
    Vector sizes = Vector::Zero(G);
    for (std::int32_t g : p.labels) sizes[g] += 1;
    for (int g = 0; g < free; ++g) A.col(g) /= std::sqrt(sizes[g]);
    // Weighted rows: A centred by the weighted means, as Xc is (the intercept is then Xc's).
    const DataMatrix sums(A.data(), A.rows(), A.cols());
    const CenteredDesign reduced =
        c.loss.weighted() ? CenteredDesign(sums, nullptr, c.loss.rowWeights()) : CenteredDesign(A);
    const Objective F(reduced, c.T, c.loss, lambda);
    Result inner =
        trustRegionNewton(F, Matrix::Zero(free, c.T.cols()), c.loss.targetMeans(c.T), smoothDefaults(), c.control);
    for (int g = 0; g < free; ++g) inner.coef.row(g) /= std::sqrt(sizes[g]);
    p.centroids.topRows(free) = inner.coef;
    r.intercept = inner.intercept;
    r.status = inner.status;
    r.iterations = inner.iterations;
  }
  r.coef.resize(c.X.cols(), c.T.cols());
  for (Eigen::Index j = 0; j < r.coef.rows(); ++j)
    r.coef.row(j) = p.centroids.row(p.labels[static_cast<std::size_t>(j)]);
  r.objective = objectiveOf(c, lambda).value(r.coef, r.intercept);
  r.history = {r.objective};
  attachPartition(r, std::move(p));
  return r;
}

Result projectedGradientFrom(const FitContext& c, const GroupingOptions& o, Structure& S, Matrix W0, RowVector b0) {
  return projectedGradient(objectiveOf(c, o.lambda), S, std::move(W0), std::move(b0),
                           {o.maxIterations, o.tolerance, o.step()}, c.control);
}

// Projected gradient started from the smooth fit ("lsk"/"ridge": projected by the solver) or 0.
Result projectedGradientWithInit(const FitContext& c, const GroupingOptions& o, Structure& S) {
  if (c.warm) return projectedGradientFrom(c, o, S, c.warm->coef, c.warm->intercept);
  if (o.init == "zero")
    return projectedGradientFrom(c, o, S, Matrix::Zero(c.X.cols(), c.T.cols()), RowVector::Zero(c.T.cols()));
  Result start = smoothFit(c, o.lambda, smoothDefaults());
  return projectedGradientFrom(c, o, S, std::move(start.coef), std::move(start.intercept));
}

Result runLsk(const FitContext& c, const GroupingOptions& o) {
  Result r = ridgeThenProject(c, o);
  if (!o.refit) return r;
  Partition p{r.groups, r.centroids};
  return refitOnPartition(c, o, std::move(p));
}

// Basin hopping around projected gradient (an extension beyond the papers, off by default):
// perturb the best solution so far by N(0, (hopScale · rms(W))²) per coefficient, rerun, and
// keep the result when its objective is lower. Seeded by the option 'seed'.
Result withHops(const FitContext& c, const GroupingOptions& o, Structure& S, Result best) {
  const int hops = o.hops;
  Random rng(o.seed * 0x9E3779B97F4A7C15ull + 17);
  for (int h = 0; h < hops && best.status != Status::Aborted; ++h) {
    const double rms =
        std::sqrt(best.coef.squaredNorm() / static_cast<double>(std::max<Eigen::Index>(1, best.coef.size())));
    Matrix W = best.coef;
    for (Eigen::Index i = 0; i < W.size(); ++i) W.data()[i] += o.hopScale * rms * rng.normal();
    Result next = projectedGradientFrom(c, o, S, std::move(W), best.intercept);
    if (next.status == Status::Aborted) return next;
    if (next.objective < best.objective) best = std::move(next);
  }
  return best;
}

// canonical labels (0..G−1, each used) with G × K zero values, for a refit to fill.
Partition partitionOf(Labels labels, Eigen::Index K) {
  const std::int32_t G = labels.empty() ? 0 : 1 + *std::max_element(labels.begin(), labels.end());
  return Partition{std::move(labels), Matrix::Zero(G, K)};
}

// A partition of d features into at most Q groups, each label drawn uniformly (seeded),
// renumbered by first appearance, with G × K zero values.
Partition randomPartition(Eigen::Index d, int Q, Eigen::Index K, std::uint64_t seed) {
  Random rng(seed);
  Labels drawn(static_cast<std::size_t>(d));
  for (auto& g : drawn) g = static_cast<std::int32_t>(rng.next() % static_cast<std::uint64_t>(Q));
  return partitionOf(canonicalLabels(drawn), K);
}

// A local search's answer in place of projected gradient's `r` when it converged lower (`search`
// names it in the message when projected gradient stopped at its limit); else `r`.
Result polishedBy(Result r, Result polished, const std::string& search) {
  if (polished.status != Status::Converged || !(polished.objective < r.objective)) return r;
  if (r.status == Status::MaxIterations)
    polished.message = "projected gradient stopped at its iteration limit (" + std::to_string(r.iterations) +
                       "); the " + search + " and the refit on what it found converged";
  polished.iterations = r.iterations;
  polished.history = std::move(r.history);
  polished.history.push_back(polished.objective);
  return polished;
}

// The searches by refits (losses without a closed form: IHC's, IHCS's) refit about d·(Q + 1)
// candidates per sweep, each a pass over X: they run where n·d·(Q + 1) ≤ kRefitSearchWork, a sweep
// of milliseconds. (Logistic, Q = 5: on 150 × 100 IHC's took 327 ms beside 4.6 ms for its starts,
// IHCS's 2.5 s beside 11 ms; on 500 × 1000 103 s and 44 s.)
constexpr double kRefitSearchWork = 2e4;
std::string refitSearchNote() { return "n·d·(Q + 1) ≤ " + std::to_string(static_cast<int>(kRefitSearchWork)); }
bool refitSearchAffordable(const FitContext& c, int Q) {
  return static_cast<double>(c.X.rows()) * static_cast<double>(c.X.cols()) * (Q + 1) <= kRefitSearchWork;
}

// IHC's answer polished by the exchange search (exchange.hpp): single features moved between
// groups while that lowers the objective, then the values refitted on the partition found. The
// projected gradient's answer is kept when the search finds nothing lower.
Result exchanged(const FitContext& c, const GroupingOptions& o, Result r) {
  if (!o.exchange || r.status == Status::Aborted || r.groups.empty()) return r;
  if (!c.loss.closedForm() && !refitSearchAffordable(c, o.Q)) return r;
  const Control later = c.control.after(r.iterations);
  const ExchangeResult e =
      c.loss.closedForm()
          ? exchangeSquared(c.X, c.T, o.lambda, r.groups, o.Q, later)
          : exchangeByRefits(
                r.groups, o.Q,
                [&](const Labels& labels) { return refitOnPartition(c, o, partitionOf(labels, c.T.cols())).objective; },
                later);
  if (e.aborted) {
    r.status = Status::Aborted;
    return r;
  }
  return polishedBy(std::move(r), refitOnPartition(c, o, partitionOf(e.labels, c.T.cols())),
                    "exchange search from its partition");
}

// A squared-loss search's coefficients (one output, the intercept the (weighted) mean target) in
// place of projected gradient's answer r when lower (polishedBy).
Result searchedAnswer(const FitContext& c, const GroupingOptions& o, Result r, Matrix coef, const std::string& search) {
  Result found;
  found.coef = std::move(coef);
  found.intercept = c.loss.targetMeans(c.T);
  found.objective = objectiveOf(c, o.lambda).value(found.coef, found.intercept);
  found.status = Status::Converged;
  return polishedBy(std::move(r), withDistinctRows(std::move(found)), search);
}

// IHT's answer polished by the swap search (support_swap.hpp; the squared loss with one output,
// rows weighted or not):
// the projected gradient's answer is kept when the search finds nothing lower.
Result swapped(const FitContext& c, const GroupingOptions& o, Result r) {
  if (!o.swap || !c.loss.squared() || c.T.cols() != 1 || r.status == Status::Aborted || r.coef.rows() != c.X.cols())
    return r;
  std::vector<Eigen::Index> support;
  for (Eigen::Index j = 0; j < r.coef.rows(); ++j)
    if (r.coef(j, 0) != 0) support.push_back(j);
  const SwapResult e = swapSupport(c.X, c.T.col(0), o.lambda, std::move(support), o.s, c.control.after(r.iterations),
                                   c.loss.rowWeights());
  if (e.aborted) {
    r.status = Status::Aborted;
    return r;
  }
  if (e.moves == 0) return r;
  Matrix coef = Matrix::Zero(c.X.cols(), 1);
  for (std::size_t k = 0; k < e.support.size(); ++k) coef(e.support[k], 0) = e.values[static_cast<Eigen::Index>(k)];
  return searchedAnswer(c, o, std::move(r), std::move(coef), "swap search from its support");
}

// The refit on a sparse grouping (−1: a zero coefficient, else 0..Q−1, groups possibly emptied by
// a move): the partition of the support's non-empty groups, numbered by first appearance, and one
// more, the zeros', pinned at 0 (other losses than the squared one).
Result refitOnSparseGrouping(const FitContext& c, const GroupingOptions& o, const Labels& sparse) {
  Labels groups;
  for (std::int32_t a : sparse)
    if (a >= 0) groups.push_back(a);
  groups = canonicalLabels(groups);
  const std::int32_t G = groups.empty() ? 0 : 1 + *std::max_element(groups.begin(), groups.end());
  Labels labels(sparse.size());
  for (std::size_t j = 0, k = 0; j < sparse.size(); ++j) labels[j] = sparse[j] < 0 ? G : groups[k++];
  Partition p{std::move(labels), Matrix::Zero(G + 1, c.T.cols())};
  return refitOnPartition(c, o, std::move(p), true);
}

// The logistic losses' sparse exchange (exchangeSparseByRefits): each candidate a refit; the zeros
// tried for a swap in the order of their gradient's size at the current refit.
Result sparseExchangedByRefits(const FitContext& c, const GroupingOptions& o, Result r, Labels labels) {
  const auto objective = [&](const Labels& l) {
    for (std::int32_t a : l)
      if (a >= 0) return refitOnSparseGrouping(c, o, l).objective;
    return HUGE_VAL;  // no support: not IHCS's answer (s ≥ 1)
  };
  const auto entering = [&](const Labels& l) {
    const Result at = refitOnSparseGrouping(c, o, l);
    Matrix G;
    RowVector gb;
    objectiveOf(c, o.lambda).gradient(at.coef, at.intercept, G, gb);
    // The zeros, the kEnteringZeros of largest |gradient| first (by selection), which the search reads.
    std::vector<Eigen::Index> zeros;
    for (Eigen::Index j = 0; j < G.rows(); ++j)
      if (l[static_cast<std::size_t>(j)] < 0) zeros.push_back(j);
    for (std::size_t k = 0; k < std::min(zeros.size(), static_cast<std::size_t>(kEnteringZeros)); ++k) {
      std::size_t top = k;
      for (std::size_t m = k + 1; m < zeros.size(); ++m)
        if (std::abs(G(zeros[m], 0)) > std::abs(G(zeros[top], 0))) top = m;
      std::swap(zeros[k], zeros[top]);
    }
    return zeros;
  };
  const SparseExchangeResult e =
      exchangeSparseByRefits(std::move(labels), o.s, o.Q, objective, entering, c.control.after(r.iterations));
  if (e.aborted) {
    r.status = Status::Aborted;
    return r;
  }
  if (e.moves == 0) return r;
  return polishedBy(std::move(r), withDistinctRows(refitOnSparseGrouping(c, o, e.labels)),
                    "exchange search from its support and groups");
}

// IHCS's answer polished by the sparse exchange search (sparse_exchange.hpp; one output, rows
// weighted or not; the squared loss in closed form, the others by refits): the projected
// gradient's answer is kept when it finds nothing lower.
Result sparseExchanged(const FitContext& c, const GroupingOptions& o, Result r) {
  if (!o.exchange || c.T.cols() != 1 || r.status == Status::Aborted || r.coef.rows() != c.X.cols()) return r;
  Labels labels(static_cast<std::size_t>(c.X.cols()), -1);
  std::vector<double> values;  // the groups' values, by first appearance
  for (Eigen::Index j = 0; j < r.coef.rows(); ++j) {
    const double w = r.coef(j, 0);
    if (w == 0) continue;
    const auto found = std::find(values.begin(), values.end(), w);
    labels[static_cast<std::size_t>(j)] = static_cast<std::int32_t>(found - values.begin());
    if (found == values.end()) values.push_back(w);
  }
  if (static_cast<int>(values.size()) > o.Q) return r;  // not a point of the structure
  if (!c.loss.squared())
    return refitSearchAffordable(c, o.Q) ? sparseExchangedByRefits(c, o, std::move(r), std::move(labels)) : r;
  const SparseExchangeResult e = exchangeSparseGroups(c.X, c.T.col(0), o.lambda, std::move(labels), o.s, o.Q,
                                                      c.control.after(r.iterations), c.loss.rowWeights());
  if (e.aborted) {
    r.status = Status::Aborted;
    return r;
  }
  if (e.moves == 0) return r;
  Matrix coef = Matrix::Zero(c.X.cols(), 1);
  for (Eigen::Index j = 0; j < c.X.cols(); ++j)
    if (e.labels[static_cast<std::size_t>(j)] >= 0) coef(j, 0) = e.values[e.labels[static_cast<std::size_t>(j)]];
  return searchedAnswer(c, o, std::move(r), std::move(coef), "exchange search from its support and groups");
}

// How a method's multi-start default (ours; the papers run one start) chooses its starts.
struct StartPlan {
  bool partitions;  // random starts are refits on random partitions (else perturbed ridge points)
  bool ownFirst;  // start 0 is the method's single start (init): the best is never above it
};

// Start k of `starts` alternates the smooth fit at a ridge penalty log-spaced from 10 down to 1e-6
// times the mean feature variance ‖Xc‖²/(nd) — the same starts at any scale of X — (even k) and a
// random point seeded by `seed` (odd k): the refit on a random partition into Q groups where the
// method groups (IHC, IHCS), else the ridge point before it perturbed by N(0, rms²) per
// coefficient (IHT). The ridge path's points share much of their structure; the random ones reach
// basins none of them does. With ownFirst, start 0 is instead the method's own (the smooth fit at
// its λ). `unit`: that variance (1 for a design of one value).
Result startPoint(const FitContext& c, const GroupingOptions& o, int k, int starts, StartPlan plan, double unit) {
  if (k == 0 && plan.ownFirst) return smoothFit(c, o.lambda, smoothDefaults());
  const int ridgeStarts = (starts + 1) / 2;
  const std::uint64_t seed = o.seed * 0x9E3779B97F4A7C15ull + 101 + static_cast<std::uint64_t>(k);
  const auto ridgePoint = [&](int i) {
    return smoothFit(c, 10 * unit * std::pow(1e-7, ridgeStarts > 1 ? i / (ridgeStarts - 1.0) : 0.0), smoothDefaults());
  };
  if (k % 2 == 0) return ridgePoint(k / 2);
  if (plan.partitions) return refitOnPartition(c, o, randomPartition(c.X.cols(), o.Q, c.T.cols(), seed));
  Result r = ridgePoint(k / 2);
  const double rms = std::sqrt(r.coef.squaredNorm() / static_cast<double>(std::max<Eigen::Index>(1, r.coef.size())));
  Random rng(seed);
  for (Eigen::Index i = 0; i < r.coef.size(); ++i) r.coef.data()[i] += rms * rng.normal();
  return r;
}

// One start of a multi-start fit: the method's search from (W0, b0).
using StartRun = std::function<Result(const FitContext&, Matrix W0, RowVector b0)>;

// The lowest objective of `starts` runs of `run`, each from its startPoint (bestOfStarts).
Result bestOfStarts(const FitContext& c, const GroupingOptions& o, int starts, StartPlan plan, const StartRun& run) {
  const double variance = meanColumnVariance(c);
  const double unit = variance > 0 ? variance : 1;
  return bestOfStarts(c, starts, [&](const FitContext& at, int k) {
    Result start = startPoint(at, o, k, starts, plan, unit);
    return run(at, std::move(start.coef), std::move(start.intercept));
  });
}

// A start-dependent method at its options: one start where asked (starts 0 or 1, a warm start or
// init 'zero'), else the best of its starts — along a path over its count (WarmStart::
// besideOwnStart), of two: its own and the previous count's answer (one start asked: its own);
// `structure` makes the constraint set (a projection keeps its workspace: one per start).
Result fromStarts(const FitContext& c, const GroupingOptions& o, StartPlan plan,
                  const std::function<std::unique_ptr<Structure>()>& structure,
                  const std::function<Result(const FitContext&, Structure&, Result)>& polish) {
  const auto withoutWarm = [](const FitContext& x) {
    return FitContext{x.X, x.loss, x.T, x.options, x.control, nullptr};
  };
  const bool beside = c.warm && c.warm->besideOwnStart;
  if (beside && o.starts >= 2 && o.init != "zero")
    return bestOfStarts(c, 2, [&](const FitContext& at, int k) {
      const auto S = structure();
      return polish(at, *S, projectedGradientWithInit(k == 0 ? withoutWarm(at) : at, o, *S));
    });
  const FitContext own = withoutWarm(c);
  const FitContext& from = beside ? own : c;
  if (o.starts < 2 || from.warm || o.init == "zero") {
    const auto S = structure();
    return polish(from, *S, projectedGradientWithInit(from, o, *S));
  }
  return bestOfStarts(from, o, o.starts, plan, [&](const FitContext& at, Matrix W0, RowVector b0) {
    const auto S = structure();
    return polish(at, *S, projectedGradientFrom(at, o, *S, std::move(W0), std::move(b0)));
  });
}

// IHC (with its hops and exchange search) from its starts.
Result runIhc(const FitContext& c, const GroupingOptions& o) {
  return fromStarts(
      c, o, {true, true}, [&] { return groupStructure(c, o); },
      [&](const FitContext& at, Structure& S, Result r) { return exchanged(at, o, withHops(at, o, S, std::move(r))); });
}

Result runIhcs(const FitContext& c, const GroupingOptions& o) {
  return fromStarts(
      c, o, {true, true}, [&] { return std::make_unique<SparseQValues>(o.s, o.Q); },
      [&](const FitContext& at, Structure&, Result r) { return sparseExchanged(at, o, std::move(r)); });
}

Result runIht(const FitContext& c, const GroupingOptions& o) {
  return fromStarts(
      c, o, {false, true}, [&] { return std::make_unique<TopS>(o.s); },
      [&](const FitContext& at, Structure&, Result r) { return swapped(at, o, std::move(r)); });
}

Result runOracle(const FitContext& c, const GroupingOptions& o) {
  // Relabelled by first appearance; the values come from the refit.
  return refitOnPartition(c, o, partitionOf(canonicalLabels(*o.groups), c.T.cols()));
}

// CG on equivalence matrices, rounded to its last oracle's partition with fitted values.
Result conditionalGradientFit(const FitContext& c, const GroupingOptions& o, int iterations, double tolerance) {
  const ConditionalGradientResult cg =
      sharedConditionalGradient(c.X, c.T.col(0), o.Q, o.lambda, {iterations, tolerance}, c.control);
  if (cg.status == Status::Aborted) {
    Result r;
    r.status = Status::Aborted;
    return r;
  }
  Partition p{cg.groups, Matrix::Zero(cg.G, 1)};
  if (o.rounding == "primal") {  // ours: k-means of the relaxation's coefficients
    const KMeans1DResult km = kmeans1d(cg.primal.data(), static_cast<std::size_t>(cg.primal.size()), o.Q);
    p = Partition{km.labels, Matrix::Zero(static_cast<Eigen::Index>(km.centroids.size()), 1)};
  }
  Result r = refitOnPartition(c, o, std::move(p));
  r.status = cg.status;
  r.iterations = cg.iterations;
  r.history = cg.psi;  // the relaxed objective ψ(M_t)
  if (cg.status == Status::MaxIterations)
    r.message = "Frank–Wolfe gap " + std::to_string(cg.gap.back()) + " above tolerance";
  return r;
}

Result runCg(const FitContext& c, const GroupingOptions& o) {
  return conditionalGradientFit(c, o, o.maxIterations, o.tolerance);
}

// CG, then projected gradient from its rounded solution onto Q values (CGPG), or onto s-sparse
// Q values when s > 0 (CGPGS, LwCS §6.2); by default (ours) polished by IHC's exchange search
// (CGPGS: IHCS's, the squared loss with one output).
Result runCgpg(const FitContext& c, const GroupingOptions& o) {
  Result start = conditionalGradientFit(c, o, o.cgIterations, o.cgTolerance);
  if (start.status == Status::Aborted) return start;
  QValues values(o.Q);
  SparseQValues sparseValues(o.s, o.Q);
  Structure& S = o.s > 0 ? static_cast<Structure&>(sparseValues) : values;
  const Control later = c.control.after(start.iterations);
  const FitContext polish{c.X, c.loss, c.T, c.options, later, c.warm};
  Result r = projectedGradientFrom(polish, o, S, std::move(start.coef), std::move(start.intercept));
  return o.s > 0 ? sparseExchanged(polish, o, std::move(r)) : exchanged(polish, o, std::move(r));
}

Refusal checkGroups(const GroupingOptions& o, Eigen::Index, Eigen::Index d, Eigen::Index K) {
  return K == 1 ? checkKMeans1D(static_cast<std::size_t>(d), o.Q) : Refusal();
}

Refusal checkConditionalGradient(const GroupingOptions& o, Eigen::Index n, Eigen::Index d, Eigen::Index K) {
  if (!(o.lambda > 0))
    return Refusal("lambda", "option 'lambda' must be > 0 for the conditional gradient (ψ needs nλ > 0)");
  return checkGroups(o, n, d, K);
}

// The projection onto s-sparse Q values of `method` (ihcs, or cgpg with s > 0).
Refusal checkSparseValues(const std::string& method, const GroupingOptions& o, Eigen::Index d, Eigen::Index K) {
  if (Refusal why = SparseQValues(o.s, o.Q).check(d, K); !why.empty())
    return Refusal("loss", why.detail + " (use 'squared' or 'logistic' with " + method + ")");
  if (o.s < o.Q)
    return Refusal("s", "option 's' of method '" + method + "' must be >= Q (got s = " + std::to_string(o.s) +
                            ", Q = " + std::to_string(o.Q) + ")");
  return checkSparseGroups(static_cast<std::size_t>(d), static_cast<std::size_t>(o.s), o.Q);
}

Refusal checkSparse(const GroupingOptions& o, Eigen::Index, Eigen::Index d, Eigen::Index K) {
  return checkSparseValues("ihcs", o, d, K);
}

Refusal checkCgpg(const GroupingOptions& o, Eigen::Index n, Eigen::Index d, Eigen::Index K) {
  if (Refusal why = checkConditionalGradient(o, n, d, K); !why.empty() || o.s == 0) return why;
  return checkSparseValues("cgpg", o, d, K);
}

Refusal checkOracle(const GroupingOptions& o, Eigen::Index, Eigen::Index d, Eigen::Index) {
  const Labels& g = *o.groups;
  if (static_cast<Eigen::Index>(g.size()) != d)
    return Refusal("groups", "option 'groups' of method 'oracle' must have one label per feature (expected " +
                                 std::to_string(d) + ", got " + std::to_string(g.size()) + ")");
  for (std::int32_t v : g)
    if (v < 0 || static_cast<Eigen::Index>(v) >= d)
      return Refusal("groups",
                     "option 'groups' of method 'oracle' must hold labels in 0..d-1 (got " + std::to_string(v) + ")");
  return {};
}

using S = Schema<GroupingOptions>;
using G = GroupingOptions;

S& qAndRefit(S& s) {
  return qField(s).flag("refit", &G::refit, "re-estimate the Q values by the loss on the found partition", false);
}
S& rowClusterFields(S& s) {
  return seedField(rowRestartsField(s), "seed of the random choices (row clustering, hops)");
}
// The starts of a method whose random starts are partitions (startPoint's plan for IHC and IHCS).
std::string partitionStartsNote(const std::string& method) {
  return method +
         " from this many starts: its own (init), then alternately the refit on a random partition (by seed) and the "
         "LSK point of a ridge fit (penalties 10 down to 1e-6 times the mean feature variance); the lowest objective "
         "is kept, never above the own start's (0 or 1: that start alone)";
}
// IHC's restarts (ours): basin hopping from its answer, and several starting points.
S& restartFields(S& s) {
  return s
      .integer("hops", &G::hops,
               "basin-hopping restarts: perturb the best solution and rerun, keep the lowest objective", 0, 0)
      .number("hopScale", &G::hopScale, "size of a hop, relative to the root-mean-square coefficient", 0.3, 0, true)
      .integer("starts", &G::starts, partitionStartsNote("IHC"), 6, 0)
      .flag("exchange", &G::exchange,
            "after each start, move single features between groups while that lowers the objective, then refit the "
            "values (a local search over partitions; losses other than the squared one: by refits, where " +
                refitSearchNote() + ")",
            true);
}
S& projectedGradientFields(S& s, std::vector<std::string> inits) {
  const ProjectedGradientOptions defaults;
  s.choice("init", &G::init, "starting point", std::move(inits))
      .integer("maxIterations", &G::maxIterations, "iteration limit", defaults.maxIterations, 1)
      .number("tolerance", &G::tolerance, "relative decrease (and step·L) to stop at", defaults.tolerance, 0, true);
  return stepFields(s);
}
S& cgRidgeAndQ(S& s) {
  return qField(squaredLossOnly(s).number("lambda", &G::lambda, "ridge weight λ > 0", 1e-2, 0, true).degree(2));
}
S& roundingField(S& s) {
  return s.choice("rounding", &G::rounding,
                  "partition from the relaxation: the last oracle (the papers') or the k-means of its coefficients",
                  {"oracle", "primal"});
}

S lskOptions() {
  S s("method");
  return rowClusterFields(qAndRefit(softmaxLossAndRidge(s)));
}
S ihcOptions() {
  S s("method");
  return restartFields(rowClusterFields(projectedGradientFields(qField(softmaxLossAndRidge(s)), {"lsk", "zero"})));
}
S ihcsOptions() {
  S s("method");
  projectedGradientFields(sField(qField(softmaxLossAndRidge(s))), {"lsk", "zero"})
      .integer("starts", &G::starts, partitionStartsNote("IHCS"), 16, 0)
      .flag("exchange", &G::exchange,
            "after each start, move one feature to another group, out of the support or into it, or swap one of the "
            "support for a zero one, while that lowers the objective, the values refitted (one output; the squared "
            "loss in closed form, the logistic by refits where " +
                refitSearchNote() + ": a local search over supports and groupings)",
            true);
  return seedField(s, "seed of the random starts");
}
S ihtOptions() {
  S s("method");
  projectedGradientFields(sField(softmaxLossAndRidge(s)), {"ridge", "zero"})
      .integer(
          "starts", &G::starts,
          "IHT from this many starts: its own (init), then in turn a ridge fit perturbed by N(0, rms²) per coefficient "
          "(by seed) and the next ridge fit, the penalties log-spaced from 10 down to 1e-6 times the mean feature "
          "variance; the lowest objective is kept, never above the own start's (0 or 1: that start alone)",
          12, 0)
      .flag("swap", &G::swap,
            "after each start, swap one feature of the support for another (or add one) while that lowers the "
            "objective, the values refitted (squared loss, one output: a local search over supports)",
            true);
  return seedField(s, "seed of the random starts");
}
S oracleOptions() {
  S s("method");
  return softmaxLossAndRidge(s).labels("groups", &G::groups, "the true partition: one label per feature").required();
}
S cgOptions() {
  const ConditionalGradientOptions defaults;
  S s("method");
  cgRidgeAndQ(s)
      .integer("maxIterations", &G::maxIterations, "Frank–Wolfe iteration limit", defaults.maxIterations, 1)
      .number("tolerance", &G::tolerance, "Frank–Wolfe gap, relative to ψ, to stop at", defaults.tolerance, 0, true);
  return roundingField(s);
}
S cgpgOptions() {
  const ConditionalGradientOptions defaults;
  S s("method");
  cgRidgeAndQ(s)
      .integer("cgIterations", &G::cgIterations, "Frank–Wolfe iteration limit", defaults.maxIterations, 1)
      .number("cgTolerance", &G::cgTolerance, "Frank–Wolfe gap, relative to ψ, to stop at", defaults.tolerance, 0, true)
      .integer("s", &G::s,
               "at most s non-zero coefficients after CG (CGPGS: projected gradient onto s-sparse Q values); 0: no "
               "sparsity (CGPG)",
               0, 0)
      .flag("exchange", &G::exchange,
            "after projected gradient, IHC's exchange search over partitions (CGPGS: IHCS's over supports and "
            "groupings, one output), the values refitted",
            true);
  return projectedGradientFields(roundingField(s), {"cg"});
}

}  // namespace

std::vector<Method> groupingMethods() {
  return {
      Method("lsk", "ridge, then the projection of its coefficients onto Q values (LSK)", lskOptions(), runLsk)
          .checkShape(checkGroups)
          .weightedByRows(Method::RowsForWeights::WhenCheap),
      Method("ihc",
             "iterative hard clustering: projected gradient onto Q values (IHC Alg. 1), by default from several starts "
             "(`starts`) each polished by an exchange search over partitions (ours)",
             ihcOptions(), runIhc)
          .checkShape(checkGroups)
          .dependsOnStart()
          .nestedOverCount()
          .weightedByRows(Method::RowsForWeights::WhenCheap),
      Method("ihcs",
             "IHC onto s-sparse Q values (IHC §4.1), by default from several starts (`starts`) each polished by an "
             "exchange search over supports and groupings (ours)",
             ihcsOptions(), runIhcs)
          .checkShape(checkSparse)
          .dependsOnStart()
          .weightedByRows(Method::RowsForWeights::WhenCheap),
      Method("iht",
             "iterative hard thresholding: projected gradient onto s-sparse vectors, by default from several starts "
             "(`starts`) each polished by a swap search over supports (ours)",
             ihtOptions(), runIht)
          .dependsOnStart()
          .weightedByRows(Method::RowsForWeights::WhenCheap),
      Method("oracle", "the loss fitted given the true partition", oracleOptions(), runOracle)
          .checkShape(checkOracle)
          .weightedByRows(Method::RowsForWeights::WhenCheap),
      Method("cg", "conditional gradient on equivalence matrices, rounded (LwCS Alg. 2)", cgOptions(), runCg)
          .checkShape(checkConditionalGradient)
          .memoryUse({3, 4, 4})
          .weightedByRows(),
      Method("cgpg",
             "CG, then IHC from its rounded solution (CGPG), or IHCS with s > 0 (CGPGS), polished by their exchange "
             "search (ours)",
             cgpgOptions(), runCgpg)
          .checkShape(checkCgpg)
          .memoryUse({3, 4, 4})
          .weightedByRows(),
  };
}

}  // namespace supclust
