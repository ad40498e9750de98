// Fusion ADMM (families/penalties/fusion_admm): its two paths — Anderson-accelerated, and plain in place
// (taken when the rows are too many for Anderson's copies, as ADFG's at d = 300) — reach the
// same optimum on DFG's blocks (complete graph and a graph), graph GFLasso's edge rows and the
// linearised logistic step, and report the objective of the answer they return.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "supclust/families/penalties/edge_terms.hpp"
#include "supclust/families/penalties/feature_graph.hpp"
#include "supclust/core/loss.hpp"
#include "supclust/families/penalties/neighbour_max_terms.hpp"
#include "supclust/core/objective.hpp"
#include "supclust/base/random.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/penalties/fusion_admm.hpp"

using namespace supclust;

namespace {
// A ring with chords: every feature has 2–4 neighbours.
FeatureGraph ringWithChords(std::size_t d) {
  Labels pairs;
  for (std::size_t i = 0; i < d; ++i) {
    pairs.push_back(static_cast<int>(i));
    pairs.push_back(static_cast<int>((i + 1) % d));
  }
  for (std::size_t i = 0; i + 5 < d; i += 3) {
    pairs.push_back(static_cast<int>(i));
    pairs.push_back(static_cast<int>(i + 5));
  }
  return FeatureGraph::fromPairs(d, pairs);
}

// GFLasso's rows λ2|β_i − β_j| on the graph's edges.
EdgeTerms edgeRows(const FeatureGraph& g, double lambda2) {
  EdgeTerms rows;
  for (const auto& [i, j] : g.edges) rows.add(i, j, -1, lambda2);
  return rows;
}
}  // namespace

TEST(FusionAdmm, PlainAndAcceleratedReachTheSameOptimum) {
  const auto p = generateE1(50, 30, 3, 0.5, 4);
  const FeatureGraph complete = FeatureGraph::completeOn(30), graph = ringWithChords(30);
  const CenteredDesign X(p.X);
  Vector labels = p.y;
  for (Eigen::Index i = 0; i < labels.size(); ++i) labels[i] = p.y[i] > 0 ? 1 : 0;
  for (const std::string loss : {"squared", "logistic"}) {
    const auto L = makeLoss(loss);
    const Objective F(X, L->targets(loss == "squared" ? p.y : labels), *L, 0);
    for (const std::string family : {"dfg", "dfg-graph", "edges"}) {
      SCOPED_TRACE(loss + " " + family);
      std::unique_ptr<FusionTerms> terms;
      if (family == "edges") terms = std::make_unique<EdgeTerms>(edgeRows(graph, 0.01));
      else terms = std::make_unique<NeighbourMaxTerms>(family == "dfg" ? complete : graph, 0.002);
      const FusionProblem problem{F, Vector::Constant(30, 0.01), *terms, Vector(), Vector()};
      Result answers[2];
      for (int memory : {5, 0}) {
        Result& r = answers[memory == 0];
        r = fusionAdmm(problem, Matrix::Zero(30, 1), RowVector::Zero(1), {100000, 1e-10, memory}, {});
        ASSERT_EQ(r.status, Status::Converged) << "memory " << memory << ": " << r.message;
        EXPECT_NEAR(r.objective, fusionObjective(problem, r.coef.col(0), r.intercept), 1e-12 * r.objective);
      }
      const double scale = std::max(1.0, answers[1].coef.cwiseAbs().maxCoeff());
      EXPECT_LE((answers[0].coef - answers[1].coef).cwiseAbs().maxCoeff(), 1e-6 * scale);
      EXPECT_NEAR(answers[0].objective, answers[1].objective, 1e-8 * answers[1].objective);
    }
  }
}

// β = 0 is certified before any step when the ℓ1 term answers the gradient at 0 alone
// (|∇F(0) − C|_i ≤ a_i s_i), and not otherwise: just above the lasso's λmax the answer is exactly 0
// from any start, and no small move in any direction lowers the objective; just below it (with a
// negligible fusion term) ADMM runs and the answer is not 0.
TEST(FusionAdmm, CertifiesZeroBeforeAnyStep) {
  const auto p = generateE1(40, 12, 3, 0.5, 7);
  const CenteredDesign X(p.X);
  const auto L = makeLoss("squared");
  const Objective F(X, L->targets(p.y), *L, 0);
  Matrix G;
  RowVector gb;
  F.gradient(Vector::Zero(12), RowVector::Constant(1, p.y.mean()), G, gb);
  const double lambdaMax = G.col(0).cwiseAbs().maxCoeff();
  ASSERT_GT(lambdaMax, 0);
  const FeatureGraph complete = FeatureGraph::completeOn(12);
  NeighbourMaxTerms terms(complete, 1e-9);
  Random rng(3);
  for (const double factor : {1.001, 0.98}) {
    SCOPED_TRACE(factor);
    const FusionProblem problem{F, Vector::Constant(12, factor * lambdaMax), terms, Vector(), Vector()};
    Matrix start(12, 1);
    for (Eigen::Index j = 0; j < 12; ++j) start(j, 0) = rng.normal();
    const Result r = fusionAdmm(problem, start, RowVector::Zero(1), {100000, 1e-10, 5}, {});
    ASSERT_EQ(r.status, Status::Converged) << r.message;
    if (factor > 1) {
      EXPECT_EQ(r.iterations, 0);
      EXPECT_EQ(r.coef.cwiseAbs().maxCoeff(), 0.0);
      const double at0 = fusionObjective(problem, Vector::Zero(12), r.intercept);
      EXPECT_DOUBLE_EQ(r.objective, at0);
      for (int k = 0; k < 200; ++k) {
        Vector move(12);
        for (Eigen::Index j = 0; j < 12; ++j) move[j] = rng.normal();
        move *= 1e-3 / move.norm();
        EXPECT_GE(fusionObjective(problem, move, r.intercept), at0);
      }
    } else {
      EXPECT_GT(r.iterations, 0);
      EXPECT_GT(r.coef.cwiseAbs().maxCoeff(), 1e-6);
      EXPECT_LT(r.objective, fusionObjective(problem, Vector::Zero(12), r.intercept));
    }
  }
}

// Above 16 384 rows the blocks' passes (and Anderson's) run on a WorkTeam; their sums are taken
// per fixed chunk and added in order, so one thread and two give the same answer to the bit — on
// DFG's blocks (d = 140: 19 460 rows) and on graph GFLasso's edge rows plus DFG's (ADFG-like
// combined terms are covered by the same chunking).
TEST(FusionAdmm, AnswerDoesNotDependOnTheThreads) {
  const auto p = generateE1(60, 140, 4, 0.5, 11);
  const CenteredDesign X(p.X);
  const auto L = makeLoss("squared");
  const Objective F(X, L->targets(p.y), *L, 0);
  const FeatureGraph complete = FeatureGraph::completeOn(140);
  NeighbourMaxTerms terms(complete, 1e-4);
  const FusionProblem problem{F, Vector::Constant(140, 1e-3), terms, Vector(), Vector()};
  Result answers[2];
  for (int threads : {1, 2}) {
    AdmmOptions opt{100000, 1e-8, 5};
    opt.threads = threads;
    answers[threads - 1] = fusionAdmm(problem, Matrix::Zero(140, 1), RowVector::Zero(1), opt, {});
    ASSERT_EQ(answers[threads - 1].status, Status::Converged) << answers[threads - 1].message;
  }
  EXPECT_GT(answers[0].iterations, 5);
  EXPECT_EQ(answers[0].iterations, answers[1].iterations);
  for (Eigen::Index j = 0; j < 140; ++j) EXPECT_EQ(answers[0].coef(j, 0), answers[1].coef(j, 0)) << j;
  EXPECT_EQ(answers[0].objective, answers[1].objective);
}
