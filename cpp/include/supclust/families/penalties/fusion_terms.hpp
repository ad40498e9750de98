// The pairwise part of a penalty written as P(Aβ) = Σ_b P_b(A_b β): a linear map cut into blocks
// of rows, each with a prox, so that ADMM (families/penalties/fusion_admm) can split z_b = A_b β without
// ever storing A. The DFG paper writes these as explicit sparse matrices T2, T3
// (d(d − 1)(d − 2)/2 rows); here each family generates its rows on the fly:
//   families/penalties/neighbour_max_terms   DFG: per feature i, an OWL norm of (β_i − β_j)_{j ∈ N(i)}
//   families/penalties/edge_terms            weighted |β_i ± β_j| per edge (graph GFLasso, ncFGS, ADFG's T2)
//   families/penalties/adaptive_triple_terms ADFG's weighted |β_i − α β_j − (1 − α) β_k| (its T3)
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "supclust/base/heartbeat.hpp"
#include "supclust/base/types.hpp"

namespace supclust {

class FusionTerms {
 public:
  virtual ~FusionTerms() = default;
  virtual std::size_t blocks() const = 0;
  virtual std::size_t rows(std::size_t b) const = 0;
  // out = A_b β (rows(b) entries).
  virtual void apply(std::size_t b, const Vector& beta, double* out) const = 0;
  // acc += A_bᵀ v.
  virtual void addTransposed(std::size_t b, const double* v, Vector& acc) const = 0;
  // v ← argmin_x ½‖x − v‖² + t P_b(x). May keep state between calls (a block's sort order), but
  // none shared between blocks: fusion ADMM calls prox, value, apply, addTransposed and fusions
  // of different blocks from different threads at once.
  virtual void prox(std::size_t b, double* v, double t) = 0;
  virtual double value(std::size_t b, const double* v) const = 0;
  // K += AᵀA (d × d).
  virtual void addGram(Matrix& K) const = 0;
  // AᵀA = a I − c 11ᵀ (the complete graph's structure), so that ADMM keeps one factorisation of
  // the datafit's system and a rank-one correction; false when it has no such form.
  virtual bool cliqueGram(double& a, double& c) const {
    (void)a, (void)c;
    return false;
  }
  // Calls fuse(i, j) for each pair of features that v, block b's last prox output, sets equal: a
  // row β_i − β_j that is 0, or (DFG's blocks) rows β_i − β_j and β_i − β_l pooled to one value.
  virtual void fusions(std::size_t b, const double* v,
                       const std::function<void(std::size_t, std::size_t)>& fuse) const {
    (void)b, (void)v, (void)fuse;
  }
};

// Several families side by side (ADFG: T2 and T3): blocks numbered one family after another.
class CombinedTerms final : public FusionTerms {
 public:
  void add(std::unique_ptr<FusionTerms> t) { parts_.push_back(std::move(t)); }
  std::size_t blocks() const override;
  std::size_t rows(std::size_t b) const override { return at(b).first->rows(at(b).second); }
  void apply(std::size_t b, const Vector& beta, double* out) const override {
    at(b).first->apply(at(b).second, beta, out);
  }
  void addTransposed(std::size_t b, const double* v, Vector& acc) const override {
    at(b).first->addTransposed(at(b).second, v, acc);
  }
  void prox(std::size_t b, double* v, double t) override { at(b).first->prox(at(b).second, v, t); }
  double value(std::size_t b, const double* v) const override { return at(b).first->value(at(b).second, v); }
  void addGram(Matrix& K) const override;
  void fusions(std::size_t b, const double* v,
               const std::function<void(std::size_t, std::size_t)>& fuse) const override {
    at(b).first->fusions(at(b).second, v, fuse);
  }

 private:
  std::pair<FusionTerms*, std::size_t> at(std::size_t b) const;
  std::vector<std::unique_ptr<FusionTerms>> parts_;
};

// Σ_b P_b(A_b β), streaming (one block of scratch), beating between blocks when given one.
double fusionValue(const FusionTerms& terms, const Vector& beta, Heartbeat* heartbeat = nullptr);

}  // namespace supclust
