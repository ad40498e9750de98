// The method registry: each method ("ridge", "lsk", "ihc", …) is a named recipe of loss +
// structure + solver + defaults. Nothing else in the library switches on method names.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "supclust/core/data_matrix.hpp"
#include "supclust/core/design.hpp"
#include "supclust/core/loss.hpp"
#include "supclust/methods/data_scale.hpp"
#include "supclust/methods/options.hpp"
#include "supclust/methods/relaxed_fit.hpp"
#include "supclust/methods/schema.hpp"
#include "supclust/methods/standardization.hpp"

namespace supclust {

// A problem as it crosses the API: X is n x d (dense row-major or CSR); y has n entries, or
// n x targetColumns row-major (a user's K targets per sample: the tasks methods, with the
// squared or logistic loss, one task per column).
struct Problem {
  DataMatrix X;
  Eigen::Map<const Vector> y;
  Eigen::Index targetColumns = 1;
  // Set when X is a held design (X == held->X(), checked once when it was stored): fit() then
  // skips its checks and its scale pass, and the design on the whole of X reads the held
  // means, columns and moments.
  const HeldDesign* held = nullptr;
  // The bytes the caller's held datasets occupy (HeldDatasets::bytes()), which the call's memory
  // pre-check counts beside its own estimate.
  double heldBytes = 0;
  // Observation weights, one per row (core/observation_weights.hpp), or none (0 entries).
  Eigen::Map<const Vector> weights{nullptr, 0};
  // Row offsets, one per row (core/offset_loss.hpp), or none (0 entries).
  Eigen::Map<const Vector> offset{nullptr, 0};
};

// y as the loss reads it: one finite entry per row (yCols per row), targets the loss takes;
// refused naming y (or loss, for K targets per row under a one-vs-all loss).
Refusal checkTargets(const Problem& p, const Loss& loss);

// The loss's n x K target matrix of a problem: the loss's own (class labels → one-hot for
// one-vs-all) when y has one column, else y's K columns each read by the loss.
Matrix targetsOf(const Loss& loss, const Problem& problem);

// A starting point for iterative recipes (a neighbouring fit along a grid), in the caller's
// coordinates. Methods with a closed form ignore it.
struct WarmStart {
  Matrix coef;
  RowVector intercept;
  // A path over a count (methods/path.hpp) of a method whose constraint sets nest (Method::
  // nestsOverCount): the previous count's answer, searched from beside the method's own start
  // (the lower kept) instead of as its one start.
  bool besideOwnStart = false;
};

// What a recipe receives once data and options are validated.
struct FitContext {
  const CenteredDesign& X;
  const Loss& loss;
  const Matrix& T;  // targets, n x K
  const Options& options;
  const Control& control;
  const WarmStart* warm;  // centred coordinates, or nullptr
};

// What a fit keeps in memory, in doubles: so many per entry of X (the caller's copy, the
// centred design, a rescaled copy), per entry of the short side's Gram matrix (min(n, d)²) and
// per sample pair (n², the kernels on samples). An estimate, checked against the address space
// before any work, so that an impossible size is refused by name instead of trapping.
struct MemoryUse {
  double design = 3, gram = 2, samplePairs = 0;
};

// A path's top (methods/path.hpp), as a value of the path's weight: the smallest at which the
// answer is trivial (Exact: w = 0), one at and above which it is (Bound: the true top is at or
// below it), or a data scale where the method has no trivial answer or its top is not known in
// closed form (Scale).
enum class TopKind { Exact, Bound, Scale };
struct PathTop {
  double value = NAN;  // NaN: no top on this ray (the caller gives the sequence)
  TopKind kind = TopKind::Scale;
};
// What a top reads: the design, G = Xcᵀ(T − 1 t̄ᵀ)/n (d × K: minus the loss's gradient in W at
// the null model, for the squared and logistic losses) and the path's ray, the weights scaled
// together along the path with the first non-zero one (the path's weight) equal to 1.
struct PathData {
  const CenteredDesign& X;
  const Matrix& G;
  const std::vector<double>& ray;
};

// A registered method, declared by name in its family's list (families/<family>/methods.cpp):
//   Method("ihc", "iterative hard clustering …", ihcOptions(), runIhc).checkShape(checkGroups).dependsOnStart()
// Its options are a typed struct T declared once by a Schema<T>, read once per fit from the
// checked options (typed(); again from the rescaled ones for extreme data): the recipe, the
// shape check, the structure's bytes and the outputs receive that struct. Every setting other
// than the name, summary, schema and recipe has a default.
struct Method {
  using Typed = std::shared_ptr<const void>;  // the schema's struct T, type-erased
  using ShapeCheck = std::function<Refusal(const void* typed, Eigen::Index n, Eigen::Index d, Eigen::Index K)>;
  using Recipe = std::function<Result(const FitContext&, const void* typed)>;
  using Rescale = Refusal (*)(const std::vector<OptionSpec>&, Options&, const DataScale&);
  using StructureBytes = std::function<double(const void* typed, double d)>;
  using Outputs = std::function<Eigen::Index(const void* typed, Eigen::Index targets)>;
  using Top = std::function<PathTop(const void* typed, const PathData&)>;

  template <class T>
  Method(std::string name, std::string summary, Schema<T> schema, Result (*run)(const FitContext&, const T&))
      : name(std::move(name)), summary(std::move(summary)), options(schema.specs()), type_(typeTag<T>()) {
    options.insert(options.end(), dataOptions().begin(), dataOptions().end());
    const auto shared = std::make_shared<const Schema<T>>(std::move(schema));
    this->run = [run](const FitContext& c, const void* typed) { return run(c, *static_cast<const T*>(typed)); };
    read_ = [shared](const Options& o) { return std::make_shared<T>(read(*shared, o)); };
  }

  // The options struct of this method read from checked options.
  Typed typed(const Options& o) const { return read_(o); }

  std::string name;
  std::string summary;
  // Returns coef and intercept in the centred parametrisation (fit() converts the intercept).
  Recipe run;
  // The schema's options, then those every method takes (dataOptions(): standardize).
  std::vector<OptionSpec> options;
  // Checks that need the data's shape (e.g. s >= Q, label count = d; K = outputs): "" when
  // fine; nullptr: none.
  ShapeCheck shapeCheck = nullptr;
  // The answer depends on where the solver starts (non-convex: IHC, IHCS, IHT). Cross-
  // validation then fits every grid point from the method's own start, as the final refit
  // does, instead of warm-starting along the grid: otherwise it scores a different estimator.
  bool startDependent = false;
  // The constraint set at a count holds every answer at a smaller one (Q − 1 values are Q values;
  // s − 1 non-zeros are s): a path over the count starts each point from the previous answer as
  // well as from the method's own start (WarmStart::besideOwnStart).
  bool nestsOverCount = false;
  // How the options follow a power-of-two rescaling of extreme data (data_scale.hpp); nullptr:
  // each penalty weight by its degree (rescaleByDegree).
  Rescale rescale = nullptr;
  MemoryUse memory{};
  // The recipe reads X only through CenteredDesign's products, so sparse X stays sparse.
  bool acceptsSparse = true;
  // The recipe honours observation weights (its solvers read the loss's weighted terms, or it
  // switches to ones that do); other methods refuse them naming `weights`.
  bool takesWeights = false;
  // Weights through equal rows (weighted_rows.hpp) for the squared loss with one output per
  // target column: `Always` — its solvers read equal rows only (the squared loss is its only
  // loss); `WhenCheap` — its closed forms assume equal rows and its weighted route (the loss's
  // weighted terms, by trust-region Newton) is the slower, so dense X, or any X without an
  // intercept, goes through rows (a sparse X with an intercept would be copied dense).
  enum class RowsForWeights { Never, Always, WhenCheap };
  RowsForWeights rowsForWeights = RowsForWeights::Never;
  // The method takes `relax` (methods/relaxed_fit.hpp): its answer refitted without penalty over
  // its pattern of zero and equal coefficients.
  bool relaxable = false;
  // Bytes of what the penalty's structure holds beyond the design (the pairwise methods' ADMM
  // rows), from the checked options and d; nullptr: nothing.
  StructureBytes structureBytes = nullptr;
  // The model's shape (types.hpp): features (the default), experts or tasks.
  ModelKind kind = ModelKind::Features;
  // The model's outputs (coefficient columns) for so many target columns; nullptr: one each.
  Outputs outputs = nullptr;
  // The family the method belongs to (its folder under families/), set by the catalogue.
  std::string family;
  // Along a path (methods/path.hpp): the penalty weights that scale together, in the order the
  // ray is read, and their top; nullptr: a ridge-like weight's scale (pathRidgeScale).
  std::vector<std::string> pathWeights{"lambda"};
  Top pathTop = nullptr;

  template <class T>
  Method& checkShape(Refusal (*f)(const T&, Eigen::Index n, Eigen::Index d, Eigen::Index K)) {
    expectType<T>("checkShape");
    shapeCheck = [f](const void* typed, Eigen::Index n, Eigen::Index d, Eigen::Index K) {
      return f(*static_cast<const T*>(typed), n, d, K);
    };
    return *this;
  }
  template <class T>
  Method& outputsBy(Eigen::Index (*f)(const T&, Eigen::Index targets)) {
    expectType<T>("outputsBy");
    outputs = [f](const void* typed, Eigen::Index targets) { return f(*static_cast<const T*>(typed), targets); };
    return *this;
  }
  Method& dependsOnStart() {
    startDependent = true;
    return *this;
  }
  Method& nestedOverCount() {
    nestsOverCount = true;
    return *this;
  }
  Method& rescaledBy(Rescale f) {
    rescale = f;
    return *this;
  }
  Method& memoryUse(MemoryUse m) {
    memory = std::move(m);
    return *this;
  }
  Method& denseOnly() {
    acceptsSparse = false;
    return *this;
  }
  Method& weighted() {
    takesWeights = true;
    return *this;
  }
  Method& weightedByRows(RowsForWeights when = RowsForWeights::Always) {
    takesWeights = true;
    rowsForWeights = when;
    return *this;
  }
  Method& relaxes() {
    relaxable = true;
    options.push_back(relaxOption());
    return *this;
  }
  template <class T>
  Method& structureBytesBy(double (*f)(const T&, double d)) {
    expectType<T>("structureBytesBy");
    structureBytes = [f](const void* typed, double d) { return f(*static_cast<const T*>(typed), d); };
    return *this;
  }
  Method& ofKind(ModelKind k) {
    kind = k;
    return *this;
  }
  template <class T>
  Method& pathAlong(std::vector<std::string> weights, PathTop (*f)(const T&, const PathData&)) {
    expectType<T>("pathAlong");
    pathWeights = std::move(weights);
    pathTop = [f](const void* typed, const PathData& data) { return f(*static_cast<const T*>(typed), data); };
    return *this;
  }

 private:
  template <class T>
  static T read(const Schema<T>& schema, const Options& o) {
    T t{};
    schema.read(o, t);
    return t;
  }
  // One address per options struct type: the tag of the schema's T.
  template <class T>
  static const void* typeTag() {
    static const char tag = 0;
    return &tag;
  }
  // A shape check or size function must take the schema's struct (read_ makes that T); a
  // registration that mixes them is a programming error, stopped at the first use of the list.
  template <class T>
  void expectType(const char* what) const {
    if (type_ == typeTag<T>()) return;
    std::fprintf(stderr, "supclust: method '%s': %s takes another options struct than its schema\n", name.c_str(),
                 what);
    std::abort();
  }
  // The options struct of this method from checked options (type-erased: the T of the schema).
  std::function<std::shared_ptr<const void>(const Options&)> read_;
  const void* type_ = nullptr;
};

// Bytes a fit of an n x d design with K outputs needs, by the method's MemoryUse. `stored`
// entries of X (n·d when dense; the non-zeros, each also costing an index, when sparse; a sparse
// design has no Gram matrix beyond kSparseGramSide on its short side).
double estimateFitBytes(const Method& m, double n, double d, double K, double stored, bool sparse);
// The outputs a fit of `loss` on p has: y's columns, the classes of a one-vs-all loss (labels
// 0..K−1, checked), or 1.
double outputsOf(const Problem& p, const Loss& loss);
// The bytes a call may use: 2 GB in wasm32 (the builds' maximum memory), unbounded natively.
double addressableBytes();
// Nothing when `bytes` fit in addressableBytes() beside `held` bytes in use already (the
// caller's held datasets), else a refusal of `field`: "<what> needs about … GB; …".
Refusal checkMemory(const std::string& field, const std::string& what, double bytes, double held = 0);

// A problem on X S⁻¹ (standardization.hpp) and what it holds: the copy, and the design on it,
// held with what standardizing found out (its largest entry, its deviations) and its means,
// so that a fit on it checks and reads X S⁻¹ no more than a held dataset's.
struct StandardizedProblem {
  Standardization z;
  std::unique_ptr<HeldDesign> design;
  std::unique_ptr<Problem> problem;
};
// `problem` standardized by the columns' deviations of its design (held, or the check's whole
// design): nothing and `out` filled, or the refusal (memory for the copy beside `workBytes` more,
// a column too narrow to divide by), naming `standardize`.
Refusal standardizedProblem(const Problem& problem, const HeldDesign& design, double workBytes,
                            StandardizedProblem& out);
// A call of `method` with standardize (a path, a subsample's fit whose coefficients are read as
// fitted) made on the standardized problem: fit()'s checks, then `problem` standardized by the
// columns' deviations as fit() reads them, and `params` asking for no standardize.
Refusal standardizedCall(const Method& method, const Problem& problem, Params& params, StandardizedProblem& out);

// The calls below take the method itself; the library's list of methods and the calls by name
// are the catalogue's (families/catalogue.hpp), above the families.

// Validates everything (shapes, finiteness, targets, options) before any work, then runs the
// recipe. Never throws for bad input: the Result has Status::InvalidInput and the field.
Result fit(const Method& method, const Problem& problem, const Params& params, const Control& control = {},
           const WarmStart* warm = nullptr);

// Every check fit() makes before any work: options, data, shapes. When X is not held and
// `whole` is given, it receives the design on the whole of X the check made (X's largest entry
// and column means), for later fits on the same X to hold: they do not check X again.
Refusal checkFit(const Method& method, const Problem& problem, const Params& params,
                 std::unique_ptr<HeldDesign>* whole = nullptr);

// The method's options checked and defaults filled, without data.
Refusal checkOptions(const Method& method, const Params& params, Options& out);

// Linear predictor X W + 1 bᵀ (n x K) of a fitted model.
Matrix predict(const DataMatrix& X, const Matrix& coef, const RowVector& intercept);
inline Matrix predict(const RowMatrix& X, const Matrix& coef, const RowVector& intercept) {
  return predict(DataMatrix(X.data(), X.rows(), X.cols()), coef, intercept);
}

}  // namespace supclust
