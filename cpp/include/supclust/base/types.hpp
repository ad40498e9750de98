// Value types shared by every layer: matrices, the fit result, status codes, run control.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "supclust/base/refusal.hpp"

namespace supclust {

using Vector = Eigen::VectorXd;
using RowVector = Eigen::RowVectorXd;
using Matrix = Eigen::MatrixXd;  // column-major; coefficients are d x K
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Labels = std::vector<std::int32_t>;

enum class Status { Converged, MaxIterations, InvalidInput, NumericalIssue, Aborted };
const char* statusName(Status s);

// The shape of a fitted model. Features: one predictor per output, its coefficients grouped
// (coef d x K, groups per feature). Experts: Q predictors over clustered samples (coef d x Q,
// one intercept per expert, groups = the expert of each training sample, no centroids, and a
// gate giving each row's probability of each expert); a prediction is the gated mixture of the
// Q answers, and the papers' figures score the best of the Q answers. Tasks: one predictor per task (coef d x K,
// K intercepts, as features) whose columns are clustered: groups = the cluster of each task (K
// labels), centroids Q x d (row q: cluster q's centre).
enum class ModelKind { Features, Experts, Tasks };
const char* kindName(ModelKind k);

// The gate of an experts model: expert q's probability at x is softmax(xᵀcoef + intercept)_q
// (coef d x Q, Q intercepts); empty for the other kinds.
struct Gate {
  Matrix coef;
  RowVector intercept;
  bool empty() const { return intercept.size() == 0; }
};

// What every method returns. coef is d x K (K = 1 for a single output), intercept has K
// entries, groups[j] indexes the rows of centroids (G x K); methods without a grouping report
// each distinct coefficient row as its own group. Experts and tasks: see ModelKind.
struct Result {
  ModelKind kind = ModelKind::Features;
  Matrix coef;
  RowVector intercept;
  Labels groups;
  Matrix centroids;
  Status status = Status::Converged;
  int iterations = 0;
  double objective = 0;
  std::vector<double> history;
  std::string message;
  std::string field;  // the input an InvalidInput refuses
  // A non-convex method run from several starts: how many, and how many reached the lowest
  // objective (0, 0: one start).
  int starts = 0, startsAtBest = 0;
  // What the user should know about an answer that is not a refusal (it depends on the start, …).
  std::vector<std::string> warnings;
  Gate gate;  // experts: the gate fitted to the partition (ModelKind)
  RowVector variances;  // experts-em: each expert's noise variance σ_q² (empty for the others)
  double criterion = NAN;  // an information criterion the method computes itself (experts-em: BIC), NaN otherwise

  static Result invalid(const Refusal& why);
};

// Any answer with a status, message and field (Result, a cross-validation's, a path's) refusing
// `why` before any work.
template <class Answer>
Answer refusedAnswer(const Refusal& why) {
  Answer a;
  a.status = Status::InvalidInput;
  a.message = why.message();
  a.field = why.field;
  return a;
}

inline Result Result::invalid(const Refusal& why) { return refusedAnswer<Result>(why); }

class FitCache;  // base/fit_cache.hpp

// Progress reporting and cooperative cancellation: progress(iteration, objective) is called
// between solver iterations; returning false stops the solver with Status::Aborted. `cache` is
// the work shared within the calling public call (a table's repetition, a cross-validation);
// fit() makes its own when it is null.
struct Control {
  std::function<bool(int, double)> progress;
  FitCache* cache = nullptr;
  bool keepGoing(int iteration, double objective) const { return !progress || progress(iteration, objective); }
  // The same control for a later phase of one fit, its iterations counted after the `done` of
  // the phases before (the caller's counter goes on rather than restarts).
  Control after(int done) const {
    Control later = *this;
    if (progress)
      later.progress = [p = progress, done](int iteration, double objective) { return p(done + iteration, objective); };
    return later;
  }
};

// In a solver's loop: true when the caller asks to stop, with r marked aborted.
inline bool stopRequested(const Control& control, int iteration, double objective, Result& r) {
  if (control.keepGoing(iteration, objective)) return false;
  r.status = Status::Aborted;
  r.message = "aborted";
  return true;
}

}  // namespace supclust
