// Fusion ADMM (solvers/fusion_admm): its two paths — Anderson-accelerated, and plain in place
// (taken when the rows are too many for Anderson's copies, as ADFG's at d = 300) — reach the
// same optimum on DFG's blocks (complete graph and a graph), graph GFLasso's edge rows and the
// linearised logistic step, and report the objective of the answer they return.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "supclust/core/edge_terms.hpp"
#include "supclust/core/feature_graph.hpp"
#include "supclust/core/loss.hpp"
#include "supclust/core/neighbour_max_terms.hpp"
#include "supclust/core/objective.hpp"
#include "supclust/data/synthetic.hpp"
#include "supclust/solvers/fusion_admm.hpp"

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
