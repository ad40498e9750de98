// Alternating minimisation for Q experts over clustered samples (LwCS §3.1 "greedy", §7.1.2;
// DataCube §3.1). Problem, for a family of experts (ExpertFamily):
//   min over partitions G and experts of F = 1/(2n) Σ_i cost(i, q(i)),
// where cost(i, q) is sample i's loss under expert q plus its share of q's ridge: regression,
// (y_i − c_qᵀx_i − b_q)² + λ‖c_q‖² (expert_predictors.hpp); classification, the experts'
// one-vs-all logistic fits (classifying_experts.hpp).
// Alternate: fit each group's expert (exact for the partition), move each sample to its
// cheapest expert, refill an emptied group with the worst-explained sample; F never increases
// (for the regression experts also not at a refill). At a fixed point (no sample moves) the
// regression experts' exchange search (sample_exchange.hpp; when n ≥ Q(d + 1): with fewer
// samples than the experts have coefficients they fit their groups exactly) moves single samples while a move with
// both refits lowers F, and the alternation resumes; the loop stops at a fixed point that no
// exchange leaves (or, with `exchange` off, at the first fixed point). Non-convex: seeded restarts, the lowest F kept. Starts: k-means++ (D²
// sampling) on the residuals of the one-expert fit (regression), or uniformly random partitions.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "supclust/families/experts/expert_predictors.hpp"

namespace supclust {

struct ExpertsFit {
  Experts experts;
  Labels labels;  // the expert of each training sample
  double objective = HUGE_VAL;
  std::vector<double> history;  // F after each refit
  int iterations = 0;
  Status status = Status::MaxIterations;
  std::string message;
  RowVector variances;  // experts-em: each expert's noise variance σ_q² (mixture_em.hpp)
  Gate gate;  // experts-em: the gate fitted with the experts
  // A search from several starts (lowestOf): how many, and how many reached its lowest F.
  int starts = 0, startsAtBest = 0;
};

struct AlternatingExpertsOptions {
  int maxIterations = 100;  // refits per start
  int restarts = 10;  // starts; the lowest F is kept
  enum class Start { Random, Residuals } start = Start::Random;
  std::uint64_t seed = 0;
  bool exchange = true;  // the exchange search at each fixed point (families that have one)
  int threads = 0;  // starts run side by side on so many threads (searchThreads); the answer does not depend on it
  const Vector* weights = nullptr;  // the regression experts' observation weights (mean 1), or none
};

// experts-am's number of starts when none is asked: ⌈B / (n·p·Q)⌉ for n samples, p parameters per
// expert and output and Q experts (× outputs), within [kFewestStarts, kMostStarts] — many where
// a start is cheap, the fewest where one start already costs B (measurements: docs/architecture.md,
// "Experts' exchange search").
constexpr int kFewestStarts = 10, kMostStarts = 200;
constexpr double kStartsBudget = 1.2e5;
int startsFor(Eigen::Index n, Eigen::Index parameters, int Q);
// The `restarts` option's description, from the constants above.
std::string startsDescription();

// What alternating minimisation needs of a kind of expert.
class ExpertFamily {
 public:
  virtual ~ExpertFamily() = default;
  virtual int Q() const = 0;
  virtual Eigen::Index samples() const = 0;
  // The experts of the partition (exact for it); false (with failure()) when a fit is impossible.
  virtual bool fit(const Labels& labels, Experts& out) = 0;
  // cost(i, q) (n x Q) with F = 1/(2n) Σ_i cost(i, q(i)); an empty group's column is +∞.
  virtual Matrix costs(const Experts& e) const = 0;
  virtual std::string failure() const = 0;
  // From a fixed point of the partition last fitted: single samples moved while each move lowers
  // F, `keepGoing` asked between moves; false when none moves (or the family has no such search).
  virtual bool exchange(Labels&, const std::function<bool()>& /*keepGoing*/) { return false; }
  // A new search begins (state kept from the last fits, if any, is dropped).
  virtual void restart() {}
  // The samples' observation weights (mean 1) F counts them by; nullptr: all 1.
  virtual const Vector* rowWeights() const { return nullptr; }
  // Another family on the same data, with no state: for starts run on other threads.
  virtual std::unique_ptr<ExpertFamily> copy() const = 0;
  // Bytes a copy holds (its statistics and scratch), to bound the threads by memory.
  virtual double bytes() const = 0;
};

// Regression experts (expert_predictors.hpp): ridge fits from sufficient statistics kept across
// reassignments by rank-one updates.
class RegressionExperts final : public ExpertFamily {
 public:
  // `weights`: observation weights of mean 1 (expert_predictors.hpp), or none.
  RegressionExperts(const RowMatrix& X, const Vector& y, int Q, double lambda, const Vector* weights = nullptr)
      : X_(X), y_(y), lambda_(lambda), groups_(X, y, Q, weights) {}
  int Q() const override { return groups_.Q(); }
  Eigen::Index samples() const override { return X_.rows(); }
  bool fit(const Labels& labels, Experts& out) override;
  Matrix costs(const Experts& e) const override { return expertCosts(X_, y_, e, lambda_, &groups_); }
  std::string failure() const override { return "a group's ridge system is not positive definite (raise lambda)"; }
  bool exchange(Labels& labels, const std::function<bool()>& keepGoing) override;
  void restart() override { assigned_ = false; }
  const Vector* rowWeights() const override { return groups_.weights(); }
  std::unique_ptr<ExpertFamily> copy() const override {
    return std::make_unique<RegressionExperts>(X_, y_, Q(), lambda_, groups_.weights());
  }
  double bytes() const override {  // Q + 1 Gram matrices of d × d and a copy of up to n rows
    const auto d = static_cast<double>(X_.cols());
    return 8.0 * ((Q() + 1) * d * d + static_cast<double>(X_.rows()) * d);
  }

 private:
  const RowMatrix& X_;
  const Vector& y_;
  double lambda_;
  ExpertGroups groups_;
  bool assigned_ = false;
};

// The experts of one partition: F, its one-entry history, Converged (or NumericalIssue when a
// fit is impossible).
ExpertsFit expertsOfPartition(ExpertFamily& family, Labels labels);
ExpertsFit expertsOfPartition(const RowMatrix& X, const Vector& y, int Q, double lambda, Labels labels,
                              const Vector* weights = nullptr);

// For the iterative searches (PG, RC): records step t's value f in `out` and says whether to
// stop — the caller aborted (Aborted), or f moved by at most tolerance·f from `previous`
// (Converged; otherwise `previous` becomes f).
bool recordStep(ExpertsFit& out, int t, double f, double& previous, double tolerance, const Control& control);

// Independent searches side by side (AM's starts, RC's runs): search(i, control) for i in
// [0, runs) on up to searchThreads(threads, bytesEach) threads, each search's answer in slot i —
// the same answers whatever the threads. Each search reports to its own control; the caller's
// sees (iterations of all searches so far, the lowest objective any has reported) — after each
// iteration on one thread, about every 50 ms from the calling thread otherwise — and stopping it
// stops every search (their status Aborted).
std::vector<ExpertsFit> runSearches(std::size_t runs, int threads, double bytesEach, const Control& control,
                                    const std::function<ExpertsFit(std::size_t, const Control&)>& search);
// The answer of several searches: the first of the lowest F among those that did not end in a
// NumericalIssue (or the first search, when every one did), with `starts` and `startsAtBest`
// (the searches within 1e-9 of that F, relative to max(1, |F|)); an aborted search is returned
// at once.
ExpertsFit lowestOf(std::vector<ExpertsFit> fits);
// The seeds of `count` searches, drawn in turn from Random(seed) before any runs: each search's
// start whatever the order they run in.
std::vector<std::uint64_t> searchSeeds(std::uint64_t seed, std::size_t count);
// Threads for searches: `threads` (0: all the build has), one inside a table's parallel task,
// and no more than keep the searches' copies (bytesEach) within 256 MB.
int searchThreads(int threads, double bytesEach);

// AM from one partition, with the exchange search at fixed points when `exchange`.
ExpertsFit alternateExperts(ExpertFamily& family, Labels start, int maxIterations, const Control& control,
                            bool exchange = false);
ExpertsFit alternateExperts(const RowMatrix& X, const Vector& y, int Q, double lambda, Labels start, int maxIterations,
                            const Control& control, bool exchange = false);
// AM from `restarts` seeded starts (and from `extra` first, when given); `start(seed)` draws one
// (it is called on the searches' threads). The starts run side by side (runSearches), each on
// a copy of the family; the lowest F is kept, the first on ties.
ExpertsFit alternateExpertsWithRestarts(ExpertFamily& family, const AlternatingExpertsOptions& o,
                                        const std::function<Labels(std::uint64_t)>& start, const Control& control,
                                        const Labels* extra = nullptr);
// The regression experts, from o.start's starts.
ExpertsFit alternateExpertsWithRestarts(const RowMatrix& X, const Vector& y, int Q, double lambda,
                                        const AlternatingExpertsOptions& o, const Control& control,
                                        const Labels* extra = nullptr);

// The starts: k-means++ seeding on the one-expert fit's residuals, each sample to the nearest
// seed; or uniform labels (every group used when n ≥ Q).
Labels residualStart(const RowMatrix& X, const Vector& y, int Q, double lambda, std::uint64_t seed);
Labels randomStart(Eigen::Index n, int Q, std::uint64_t seed);

}  // namespace supclust
