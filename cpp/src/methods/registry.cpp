#include "supclust/methods/registry.hpp"

#include <cmath>
#include <memory>

#include "supclust/base/fit_cache.hpp"
#include "supclust/base/format.hpp"
#include "supclust/core/observation_weights.hpp"
#include "supclust/core/offset_loss.hpp"
#include "supclust/kernels/dense.hpp"
#include "supclust/methods/intercept_free.hpp"
#include "supclust/methods/weighted_rows.hpp"
#include "supclust/solvers/least_squares.hpp"

namespace supclust {

namespace {

// Column k of a problem's row-major n × K targets.
Vector targetColumn(const Problem& p, Eigen::Index k) {
  return Eigen::Map<const Vector, 0, Eigen::InnerStride<>>(p.y.data() + k, p.X.rows(),
                                                           Eigen::InnerStride<>(p.targetColumns));
}

// `own`: for an X not held, the design on the whole of X with the largest entry and the column
// means from the check's one pass.
Refusal checkData(const Problem& p, const Loss& loss, std::unique_ptr<HeldDesign>& own) {
  if (!p.held) {
    double maxAbs = 0;
    RowVector means;
    if (Refusal why = checkDesign(p.X, &maxAbs, &means); !why.empty()) return why;
    own = std::make_unique<HeldDesign>(p.X, maxAbs, std::move(means));
  }
  return checkTargets(p, loss);
}

}  // namespace

Refusal checkTargets(const Problem& p, const Loss& loss) {
  const Eigen::Index K = p.targetColumns;
  if (p.y.size() != p.X.rows() * K)
    return Refusal("y", K == 1 ? "must have one entry per row of X (expected " + std::to_string(p.X.rows()) + ", got " +
                                     std::to_string(p.y.size()) + ")"
                               : "must have yCols = " + std::to_string(K) + " entries per row of X (expected " +
                                     std::to_string(p.X.rows() * K) + ", got " + std::to_string(p.y.size()) + ")");
  for (Eigen::Index i = 0; i < p.y.size(); ++i)
    if (!std::isfinite(p.y[i])) return Refusal("y", "must be finite (entry " + std::to_string(i) + " is not)");
  if (K == 1) return loss.checkTargets(p.y);
  if (loss.oneVsAll())
    return Refusal("loss", std::string("'") + loss.name() + "' reads one class label per row of y; with " +
                               std::to_string(K) + " targets per row use 'squared' or 'logistic'");
  for (Eigen::Index k = 0; k < K; ++k)
    if (const Refusal t = loss.checkTargets(targetColumn(p, k)); !t.empty())
      return Refusal("y", "column " + std::to_string(k) + ": " + t.detail);
  return {};
}

Matrix targetsOf(const Loss& loss, const Problem& p) {
  if (p.targetColumns == 1) return loss.targets(p.y);
  Matrix T(p.X.rows(), p.targetColumns);
  for (Eigen::Index k = 0; k < p.targetColumns; ++k) T.col(k) = loss.targets(targetColumn(p, k));
  return T;
}

double estimateFitBytes(const Method& m, double n, double d, double K, double stored, bool sparse) {
  const double shortSide = std::min(n, d);
  const double gram = sparse && shortSide > kSparseGramSide ? 0 : shortSide * shortSide;
  // The clustered tasks hold K × K couplings and projectors (families/tasks/task_clusters: about 6 at once).
  const double taskPairs = m.kind == ModelKind::Tasks ? 6 * K * K : 0;
  return 8 * (m.memory.design * stored * (sparse ? 1.5 : 1) + m.memory.gram * gram + m.memory.samplePairs * n * n +
              8 * (n + d) * K + taskPairs) +
         static_cast<double>(FitCache::kBytes);
}

double addressableBytes() {
#ifdef __EMSCRIPTEN__
  return 2147483648.0;
#else
  return HUGE_VAL;
#endif
}

Refusal checkMemory(const std::string& field, const std::string& what, double bytes, double held) {
  if (bytes + held <= 0.9 * addressableBytes()) return {};
  const auto gb = [](double b) { return formatNumber(b / 1073741824.0, 3); };
  return Refusal(field,
                 what + " needs about " + gb(bytes) + " GB" +
                     (held > 0 ? " beside the " + gb(held) + " GB the held datasets occupy (release some)" : "") +
                     "; a wasm32 module can address " + gb(addressableBytes()) + " GB");
}

double outputsOf(const Problem& p, const Loss& loss) {
  return p.targetColumns > 1 ? static_cast<double>(p.targetColumns) : loss.oneVsAll() ? p.y.maxCoeff() + 1 : 1;
}

Refusal checkOptions(const Method& m, const Params& params, Options& out) {
  return check(m.options, params, "method '" + m.name + "'", out);
}

namespace {
// Everything fit() checks before any work, and what the checks build on the way (the options
// with defaults, the loss, the target matrix), so that fit() does not build them twice.
struct Prepared {
  Options options;
  Method::Typed typed;  // the options read into the method's struct, once
  std::unique_ptr<Loss> loss;
  Matrix T;
  std::unique_ptr<HeldDesign> own;  // X not held: its design, made by checkData
  const HeldDesign* design = nullptr;  // the design on the whole of X: the held one or own
  bool weightsByRows = false;  // the weights go through equal rows (weightsThroughRows)
};

// Whether a fit's weights go through equal rows (Method::rowsForWeights, weighted_rows.hpp).
bool weightsThroughRows(const Method& m, const Problem& problem, const Loss& loss, bool intercept) {
  using R = Method::RowsForWeights;
  if (problem.weights.size() == 0 || m.rowsForWeights == R::Never || !loss.squared()) return false;
  if (m.rowsForWeights == R::Always) return true;
  // One output per target column: the one-vs-all indicators as target columns are the tasks'; a
  // copy that does not fit in memory leaves the weighted loss's route.
  return (m.kind == ModelKind::Tasks || !loss.oneVsAll()) && (!problem.X.sparse() || !intercept) &&
         checkMemory("weights", "", weightedRowsBytes(problem.X, intercept), problem.heldBytes).empty();
}

Refusal prepare(const Method& m, const Problem& problem, const Params& params, Prepared& out) {
  if (Refusal why = checkOptions(m, params, out.options); !why.empty()) return why;
  out.loss = makeLoss(out.options.choice("loss"));
  if (m.relaxable && out.options.flag("relax"))
    if (Refusal why = checkRelax(*out.loss); !why.empty()) return why;
  const std::string& name = m.name;
  if (problem.targetColumns < 1)
    return Refusal("yCols", "must be >= 1 (targets per row of X), got " + std::to_string(problem.targetColumns));
  if (problem.targetColumns > 1 && m.kind != ModelKind::Tasks)
    return Refusal("y", std::to_string(problem.targetColumns) +
                            " targets per row (yCols) are read by the clustered-tasks methods only; method '" + name +
                            "' takes one target per row");
  if (problem.X.sparse() && !m.acceptsSparse)
    return Refusal("X",
                   "method '" + name + "' needs a dense X (it does not take sparse input; see info.methods[].sparse)");
  // The memory a fit needs, from X's sizes alone, before the check's pass over X allocates its
  // per-column vectors (a CSR X of 2^27 columns and three entries ran out of memory there).
  const auto n = static_cast<double>(problem.X.rows()), d = static_cast<double>(problem.X.cols());
  if (Refusal why = checkMemory(
          "X",
          "method '" + name + "' on " + std::to_string(problem.X.rows()) + " × " + std::to_string(problem.X.cols()) +
              " data",
          estimateFitBytes(m, n, d, 1, static_cast<double>(problem.X.stored()), problem.X.sparse()), problem.heldBytes);
      !why.empty())
    return why;
  if (Refusal why = checkData(problem, *out.loss, out.own); !why.empty()) return why;
  if (problem.weights.size() > 0) {
    if (!m.takesWeights)
      return Refusal(
          "weights",
          "method '" + name + "' does not take observation weights (the methods that do: info.methods[].weights)");
    if (Refusal why = checkObservationWeights(problem.weights, problem.X.rows()); !why.empty()) return why;
    out.weightsByRows = weightsThroughRows(m, problem, *out.loss, out.options.flag("intercept"));
    if (!out.weightsByRows) out.loss = withObservationWeights(std::move(out.loss), problem.weights);
  }
  out.design = problem.held ? problem.held : out.own.get();
  // The outputs (the target columns, or the classes of a one-vs-all loss: labels 0..K−1, checked
  // above) before the n × K targets are built: every output costs (n + d) doubles and more.
  const double K = outputsOf(problem, *out.loss);
  if (K > 1)
    if (Refusal why = checkMemory(
            "y",
            std::to_string(static_cast<long long>(K)) + " outputs (classes or target columns) of method '" + name +
                "' on " + std::to_string(problem.X.rows()) + " × " + std::to_string(problem.X.cols()) + " data",
            estimateFitBytes(m, n, d, K, static_cast<double>(problem.X.stored()), problem.X.sparse()),
            problem.heldBytes);
        !why.empty())
      return why;
  out.T = targetsOf(*out.loss, problem);
  if (problem.offset.size() > 0) {
    if (m.kind == ModelKind::Experts)
      return Refusal("offset",
                     "is not taken by the experts (method '" + name + "': each row's expert is chosen on its scores)");
    if (!out.loss->squared() && !m.takesWeights)
      return Refusal("offset", "method '" + name +
                                   "' takes an offset with the squared loss only (with the other losses, the methods "
                                   "that take observation weights: info.methods[].weights)");
    if (Refusal why = checkOffset(problem.offset, problem.X.rows()); !why.empty()) return why;
    if (Refusal why = withOffset(problem.offset, out.loss, out.T); !why.empty()) return why;
  }
  out.typed = m.typed(out.options);
  if (m.shapeCheck)
    if (Refusal why = m.shapeCheck(out.typed.get(), problem.X.rows(), problem.X.cols(), out.T.cols()); !why.empty())
      return why;
  if (m.structureBytes == nullptr) return {};
  return checkMemory(
      "X", "method '" + name + "' with " + std::to_string(problem.X.cols()) + " features (its pairwise terms)",
      m.structureBytes(out.typed.get(), d), problem.heldBytes);
}
}  // namespace

Refusal checkFit(const Method& m, const Problem& problem, const Params& params, std::unique_ptr<HeldDesign>* whole) {
  Prepared prepared;
  Refusal why = prepare(m, problem, params, prepared);
  if (whole && why.empty()) *whole = std::move(prepared.own);
  return why;
}

namespace {
// Runs a method's recipe on X (n x d) and targets T, in the caller's parametrisation.
Result runRecipe(const Method& m, const DataMatrix& Xraw, const HeldDesign* held, const Matrix& T, const Loss& loss,
                 const Options& options, const void* typed, const Control& control, const WarmStart* warm) {
  FitCache own;  // this fit's, unless the calling table or cross-validation shares one
  CenteredDesign X(Xraw, held, loss.rowWeights());
  X.shareWork(control.cache ? control.cache : &own);
  std::unique_ptr<WarmStart> centredWarm;
  // fit() refused a warm start not of the model's shape; the recipes read one per target column
  // (experts' Q blocks start as the method does).
  if (warm && warm->coef.cols() == T.cols())
    centredWarm.reset(new WarmStart{warm->coef, warm->intercept + X.means() * warm->coef, warm->besideOwnStart});
  const FitContext ctx{X, loss, T, options, control, centredWarm.get()};
  Result r = m.run(ctx, typed);
  if (r.status == Status::InvalidInput || r.status == Status::Aborted) return r;
  if (m.relaxable && options.flag("relax")) r = relaxedRefit(ctx, std::move(r));
  if (r.status == Status::Aborted) return r;
  if (r.coef.rows() == X.cols() && r.intercept.size() == r.coef.cols()) {
    r.intercept = X.userIntercept(r.coef, r.intercept);
    // The softmax is the same for b + c·1 and the intercepts are not penalised: the one answer of
    // the family reported is the one summing to 0.
    if (!loss.separable()) r.intercept.array() -= r.intercept.mean();
  }
  if (r.gate.coef.rows() == X.cols()) r.gate.intercept = X.userIntercept(r.gate.coef, r.gate.intercept);
  return r;
}

// The objective of the zero model (w = 0, b = 0): its loss on T, every penalty being 0 there.
double zeroModelObjective(const Loss& loss, const Matrix& T) { return loss.value(Matrix::Zero(T.rows(), T.cols()), T); }

bool allFinite(const std::vector<double>& v) {
  for (double x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

// A model is returned whole: coef d x K (experts: Q answers, times the classes for classifiers),
// K intercepts, one group per feature (experts: per sample; tasks: per task — `items` of them),
// finite numbers. Anything else becomes a zero model
// with Status::NumericalIssue, the reason, and the zero model's own objective (its loss on T:
// every penalty is 0 at w = 0).
void certifyResult(Result& r, Eigen::Index d, Eigen::Index K, Eigen::Index items, const Loss& loss, const Matrix& T) {
  const Eigen::Index centroidColumns = r.kind == ModelKind::Tasks ? d : K;
  const bool shaped = r.coef.rows() == d && r.coef.cols() == K && r.intercept.size() == K;
  const bool finite = shaped && r.coef.allFinite() && r.intercept.allFinite();
  std::string why;
  if (!shaped) why = r.message.empty() ? "the solver returned no model" : r.message;
  else if (!finite || !r.centroids.allFinite()) why = "the coefficients are not finite";
  else if (!std::isfinite(r.objective) || !allFinite(r.history))
    why =
        "the objective is not finite (beyond the double range for these data); the coefficients are those the solver "
        "reached";
  if (why.empty()) return;
  if (!finite) {
    r.coef = Matrix::Zero(d, K);
    r.intercept = RowVector::Zero(K);
    r.objective = zeroModelObjective(loss, T);
  }
  if (static_cast<Eigen::Index>(r.groups.size()) != items || !r.centroids.allFinite() ||
      r.centroids.cols() != centroidColumns) {
    r.groups.assign(static_cast<std::size_t>(items), 0);
    r.centroids = r.kind == ModelKind::Experts ? Matrix(0, K)
                  : r.kind == ModelKind::Tasks ? Matrix(r.coef.leftCols(std::min<Eigen::Index>(1, K)).transpose())
                                               : Matrix(r.coef.topRows(std::min<Eigen::Index>(1, d)));
  }
  for (double& h : r.history)
    if (!std::isfinite(h)) h = HUGE_VAL;
  if (!std::isfinite(r.objective)) r.objective = HUGE_VAL;
  r.status = Status::NumericalIssue;
  r.message = why;
}
}  // namespace

Refusal standardizedProblem(const Problem& problem, const HeldDesign& design, double workBytes,
                            StandardizedProblem& out) {
  if (Refusal why = checkMemory("standardize",
                                "a standardized copy of " + std::to_string(problem.X.rows()) + " × " +
                                    std::to_string(problem.X.cols()) + " data",
                                standardizedBytes(problem.X) + workBytes, problem.heldBytes);
      !why.empty())
    return why;
  // Weighted rows: the columns' weighted deviations (glmnet's), about their weighted means.
  RowVector weightedDeviations;
  if (problem.weights.size() > 0) {
    const Vector w = normalisedWeights(problem.weights);
    weightedDeviations = problem.X.columnDeviations(problem.X.columnMeans(w), &w);
  }
  if (Refusal why =
          standardize(problem.X, problem.weights.size() > 0 ? weightedDeviations : design.deviations(), out.z);
      !why.empty())
    return why;
  const RowVector& s = out.z.scales;
  // The means summed from X S⁻¹ (as a check of it would: μ_j / s_j may differ in the last bit, and
  // a fit on the copy is the fit on X S⁻¹ given by hand); the deviations are s_j / s_j exactly.
  out.design = std::make_unique<HeldDesign>(out.z.X.view(), out.z.maxAbs, out.z.X.view().columnMeans(),
                                            design.deviations().cwiseQuotient(s));
  out.problem = std::make_unique<Problem>(problem);
  out.problem->X = out.design->X();
  out.problem->held = out.design.get();
  return {};
}

Refusal standardizedCall(const Method& method, const Problem& problem, Params& params, StandardizedProblem& out) {
  std::unique_ptr<HeldDesign> whole;
  if (Refusal why = checkFit(method, problem, params, &whole); !why.empty()) return why;
  if (Refusal why = standardizedProblem(problem, problem.held ? *problem.held : *whole, 0, out); !why.empty())
    return why;
  params.flags["standardize"] = false;
  return {};
}

namespace {
// fit() with standardize (standardization.hpp): the same fit on X S⁻¹, its model mapped back.
Result fitStandardized(const Method& m, const Problem& problem, Params params, const HeldDesign& design,
                       const Control& control, const WarmStart* warm) {
  StandardizedProblem scaled;
  const double fitBytes =
      estimateFitBytes(m, static_cast<double>(problem.X.rows()), static_cast<double>(problem.X.cols()), 1,
                       static_cast<double>(problem.X.stored()), problem.X.sparse());
  if (Refusal why = standardizedProblem(problem, design, fitBytes, scaled); !why.empty()) return Result::invalid(why);
  params.flags["standardize"] = false;
  std::unique_ptr<WarmStart> scaledWarm;
  if (warm) {
    scaledWarm.reset(new WarmStart(*warm));
    scaledWarm->coef.array().colwise() *= scaled.z.scales.transpose().array();
  }
  Result r = fit(m, *scaled.problem, params, control, scaledWarm.get());
  if (r.status != Status::InvalidInput && r.status != Status::Aborted) unstandardizeResult(r, scaled.z.scales);
  return r;
}

// fit() with intercept: false (intercept_free.hpp): the fit with one on the rows and their
// reflections, its intercept 0 by symmetry and reported as such.
Result fitWithoutIntercept(const Method& m, const Problem& problem, Params params, const Loss& loss,
                           const Control& control, const WarmStart* warm) {
  ReflectedRows reflected;
  if (Refusal why = reflectedRows(m, problem, loss, reflected); !why.empty()) return Result::invalid(why);
  params.flags["intercept"] = true;
  std::unique_ptr<WarmStart> through;
  if (warm) through.reset(new WarmStart{warm->coef, RowVector::Zero(warm->intercept.size()), warm->besideOwnStart});
  Problem both = reflected.view();
  both.heldBytes = problem.heldBytes;
  Result r = fit(m, both, params, control, through.get());
  if (r.status != Status::InvalidInput && r.status != Status::Aborted) r.intercept.setZero();
  return r;
}

// fit() with weights for a method that reads equal rows (weighted_rows.hpp): the fit with an
// intercept on the 2n rows scaled by √ω, its intercept the weighted means' (or 0 without one).
Result fitWeightedRows(const Method& m, const Problem& problem, Params params, const Prepared& prepared,
                       const Control& control, const WarmStart* warm) {
  const bool intercept = prepared.options.flag("intercept");
  if (!intercept)
    if (Refusal why = checkInterceptFree(m, *prepared.loss); !why.empty()) return Result::invalid(why);
  const Matrix& T = prepared.T;
  WeightedRows rows;
  if (Refusal why = weightedRows(problem, T, intercept, rows); !why.empty()) return Result::invalid(why);
  params.flags["intercept"] = true;
  params.strings["loss"] = "squared";  // T's columns: the one-vs-all indicators, or y less the offset
  std::unique_ptr<WarmStart> through;
  if (warm) through.reset(new WarmStart{warm->coef, RowVector::Zero(warm->intercept.size()), warm->besideOwnStart});
  Problem equal = rows.view();
  equal.heldBytes = problem.heldBytes;
  Result r = fit(m, equal, params, control, through.get());
  if (r.status != Status::InvalidInput && r.status != Status::Aborted) r.intercept = rows.intercept(r.coef);
  return r;
}
}  // namespace

Result fit(const Method& m, const Problem& problem, const Params& params, const Control& control,
           const WarmStart* warm) {
  Prepared prepared;
  if (Refusal why = prepare(m, problem, params, prepared); !why.empty()) return Result::invalid(why);
  const Matrix& T = prepared.T;
  const Eigen::Index d = problem.X.cols(), K = m.outputs ? m.outputs(prepared.typed.get(), T.cols()) : T.cols();
  if (warm && (warm->coef.rows() != d || warm->coef.cols() != K || warm->intercept.size() != K ||
               !warm->coef.allFinite() || !warm->intercept.allFinite()))
    return Result::invalid(Refusal("warmStart", "must be a finite model of this fit's shape, " + std::to_string(d) +
                                                    " features × " + std::to_string(K) + " outputs (got " +
                                                    std::to_string(warm->coef.rows()) + " × " +
                                                    std::to_string(warm->coef.cols()) + ")"));
  if (prepared.options.flag("standardize")) return fitStandardized(m, problem, params, *prepared.design, control, warm);
  if (prepared.weightsByRows) return fitWeightedRows(m, problem, params, prepared, control, warm);
  if (!prepared.options.flag("intercept"))
    return fitWithoutIntercept(m, problem, params, *prepared.loss, control, warm);
  // The first progress event, before any work: iteration 0 at w = 0, whose objective is the
  // loss of zero scores (every penalty is 0 there). A warm start's is not known yet: none.
  if (!warm && control.progress && !control.keepGoing(0, zeroModelObjective(*prepared.loss, T))) {
    Result aborted;
    aborted.status = Status::Aborted;
    aborted.message = "aborted";
    return aborted;
  }
  const DataScale scale = dataScaleOf(prepared.design->maxAbs(), T);
  Result r;
  if (!scale.active()) {
    r = runRecipe(m, problem.X, prepared.design, T, *prepared.loss, prepared.options, prepared.typed.get(), control,
                  warm);
  } else {
    // Extreme magnitudes: the same problem on X / s_x, y / s_y (exact), mapped back after.
    Options options = prepared.options;
    const Refusal why = (m.rescale ? m.rescale : rescaleByDegree)(m.options, options, scale);
    if (why.field == "X") return Result::invalid(why);  // data the method cannot take at all
    if (!why.empty()) {
      r.status = Status::NumericalIssue;
      r.message = why.message();
    } else {
      const StoredData X = dividedBy(problem.X, scale.x);
      const Matrix Ts = T / scale.y;
      std::unique_ptr<WarmStart> scaledWarm;
      if (warm)
        scaledWarm.reset(
            new WarmStart{warm->coef * (scale.x / scale.y), warm->intercept / scale.y, warm->besideOwnStart});
      r = runRecipe(m, X.view(), nullptr, Ts, *prepared.loss, options, m.typed(options).get(), control,
                    scaledWarm.get());
      if (r.status != Status::InvalidInput) unscaleResult(r, scale);
    }
  }
  if (r.status == Status::InvalidInput || r.status == Status::Aborted) return r;
  if (r.status == Status::MaxIterations && r.message.empty())  // a limit is always said
    r.message = "stopped at the iteration limit (" + std::to_string(r.iterations) +
                " iterations) before meeting its tolerance: raise maxIterations, or the tolerance";
  r.kind = m.kind;
  if (const std::string w = scaleWarning(prepared.design->deviations()); !w.empty()) r.warnings.push_back(w);
  certifyResult(r, d, K,
                m.kind == ModelKind::Experts ? problem.X.rows()
                : m.kind == ModelKind::Tasks ? K
                                             : d,
                *prepared.loss, T);
  return r;
}

Matrix predict(const DataMatrix& X, const Matrix& coef, const RowVector& intercept) {
  return X.predict(coef, intercept);
}

}  // namespace supclust
