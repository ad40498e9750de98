// Solves (I + H) a = y for a symmetric positive semidefinite n × n H that changes between
// solves (experts' conditional gradient: H = (XXᵀ ∘ M)/λ, one solve per Frank–Wolfe step).
// By conjugate gradients from the caller's a (the last step's answer), preconditioned by the
// diagonal of I + H, to a residual of 1e-8‖y‖ — while they get there within max(16, n/8)
// products. Past that (a small λ: the condition grows like 1/λ, and a solve took ~770 products
// at n = 800, λ = 1e-4) the system is factorised (Cholesky, n³/6 multiply-adds: at n = 800 the
// time of about 50 products), and every later solve is direct: H only gains atoms. The kernels
// of kernels/dense and kernels/cholesky sum in the same order natively and in wasm.
// A WorkTeam (the threaded build's threads; one inside a table's tasks) shares the products'
// rows (from n = 512) and each factorisation panel's later columns: the same bits as alone.
#pragma once

#include <memory>

#include "supclust/base/types.hpp"
#include "supclust/base/work_team.hpp"

namespace supclust {

class ShiftedSystem {
 public:
  void solve(const Matrix& H, const Vector& y, Vector& a);
  bool direct() const { return direct_; }  // the last solve was (and the next ones will be) direct

 private:
  bool direct_ = false;
  Matrix factor_;
  std::unique_ptr<WorkTeam> team_;  // started at the first solve
};

}  // namespace supclust
