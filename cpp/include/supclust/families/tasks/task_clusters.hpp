// The clustered multitask penalty (Jacob, Bach & Vert 2009; DataCube §2 and appendix 6.1–6.2;
// LwCS §7.2): K task predictors W = [w_1 … w_K] (d x K) around Q centres V = C Zᵀ,
//   Ω(W, V) = λ_M/2 Tr(V Γ Vᵀ) + λ_B/2 Tr(V Π Vᵀ) + λ_W/2 ‖W − V‖²_F,
// Γ = 11ᵀ/K, Π = I − Γ: the mean of the centres, their spread, the tasks' spread around them.
// For a fixed partition (M = Z(ZᵀZ)⁻¹Zᵀ) the centres have a closed form and
//   H(W, Z) = min_C Ω(W, C Zᵀ) = ½ Tr(W P Wᵀ),
//   P = λ_W (I − M) + λ_W λ_B/(λ_W + λ_B) (M − Γ) + λ_W λ_M/(λ_W + λ_M) Γ,
// because I − M, M − Γ and Γ are orthogonal projectors summing to I (the appendix's P, with its
// β read as λ_W/(λ_W + λ_M): the printed formula repeats α). P is the coupling the objective
// adds (Objective::setOutputCoupling). Over Z, H is λ_W/2 ‖W‖² − λ_W²/(2(λ_W + λ_B)) Tr(M WᵀW)
// plus a term free of Z: the best partition for given W maximises Tr(M WᵀW), the k-means of the
// columns (kernels/gram_partition.hpp). Hard clustering (HSC) is the limit λ_W → ∞: W = V and
// the penalty is ½ Tr(W (λ_B Π + λ_M Γ) Wᵀ).
#pragma once

#include <algorithm>
#include <cmath>

#include "supclust/base/types.hpp"

namespace supclust {

struct TaskClusterWeights {
  double within = 0, between = 0, mean = 0;  // λ_W > 0, λ_B ≥ 0, λ_M ≥ 0
  // The eigenvalues of P on I − M, M − Γ and Γ.
  double onWithin() const { return within; }
  double onBetween() const { return harmonic(between); }
  double onMean() const { return harmonic(mean); }
  // The norm of P (the largest of the three: they are its eigenvalues on orthogonal projectors).
  double norm() const { return std::max({std::abs(onWithin()), std::abs(onBetween()), std::abs(onMean())}); }

 private:
  double harmonic(double x) const { return within * x / (within + x); }
};

// M = Z (ZᵀZ)⁻¹ Zᵀ (K x K) for labels in 0..Q−1 (empty groups ignored).
Matrix equivalenceMatrix(const Labels& labels, int Q);
// The three orthogonal projectors summing to I on which P acts by its three eigenvalues:
// I − M (within), M − Γ (between), Γ = 11ᵀ/K (mean).
struct TaskProjectors {
  Matrix within, between, mean;
};
TaskProjectors taskProjectors(const Labels& labels, int Q);
// P above (K x K).
Matrix taskCoupling(const Labels& labels, int Q, const TaskClusterWeights& w);
// The hard limit's coupling λ_B Π + λ_M Γ (K x K).
Matrix hardTaskCoupling(Eigen::Index K, double between, double mean);
// The centres minimising Ω for W and the partition: V = W (α (M − Γ) + β Γ), α = λ_W/(λ_W + λ_B),
// β = λ_W/(λ_W + λ_M); returned one row per group (Q x d; rows of empty groups are 0).
Matrix taskCentres(const Matrix& W, const Labels& labels, int Q, const TaskClusterWeights& w);
// Ω(W, C Zᵀ) for explicit centres (Q x d): the definition, term by term.
double taskClusterPenalty(const Matrix& W, const Matrix& centres, const Labels& labels, const TaskClusterWeights& w);

}  // namespace supclust
