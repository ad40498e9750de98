#include "supclust/methods/option_sets.hpp"

#include "supclust/core/loss.hpp"

namespace supclust {

OptionSpec numberOption(std::string name, std::string doc, double def, double min, bool minExclusive, double max) {
  OptionSpec o{std::move(name), OptionKind::Number, std::move(doc), def};
  o.min = min;
  o.minExclusive = minExclusive;
  o.max = max;
  return o;
}
OptionSpec integerOption(std::string name, std::string doc, double def, double min, bool required, double max) {
  OptionSpec o{std::move(name), OptionKind::Integer, std::move(doc), def};
  o.min = min;
  o.max = max;
  o.required = required;
  return o;
}
OptionSpec penaltyWeight(OptionSpec o, int degree) {
  o.degree = degree;
  return o;
}
OptionSpec seedOption(std::string doc) { return integerOption("seed", std::move(doc), 0, 0, false, kMaxSeed); }
OptionSpec choiceOption(std::string name, std::string doc, std::vector<std::string> choices) {
  OptionSpec o{std::move(name), OptionKind::Choice, std::move(doc)};
  o.defaultChoice = choices.front();
  o.choices = std::move(choices);
  return o;
}
OptionSpec lossOption() { return choiceOption("loss", "the datafit (logistic: two classes; ova-*: one-vs-all over K classes; class labels of any values)", lossNames()); }
OptionSpec roundingOption() {
  return choiceOption("rounding", "partition from the relaxation: the last oracle (the papers') or the k-means of its coefficients",
                {"oracle", "primal"});
}
OptionSpec squaredLossOnly() { return choiceOption("loss", "the datafit (this method needs the squared loss)", {"squared"}); }
OptionSpec ridgeOption() { return penaltyWeight(numberOption("lambda", "ridge weight λ in λ/2‖w‖² (0: none)", 0, 0), 2); }
OptionSpec qOption() { return integerOption("Q", "the number of distinct coefficient values (rows, for K outputs)", 0, 1, true); }
OptionSpec sOption() { return integerOption("s", "the largest number of non-zero coefficients", 0, 1, true); }
std::vector<OptionSpec> rowClusterOptions() {
  return {integerOption("restarts", "k-means++ restarts of the row clustering (K > 1 outputs only)", 5, 1),
          seedOption("seed of the random choices (row clustering, hops)")};
}
// IHC's restarts (ours): basin hopping from its answer, and several starting points.
std::vector<OptionSpec> restartOptions() {
  return {integerOption("hops", "basin-hopping restarts: perturb the best solution and rerun, keep the lowest objective", 0, 0),
          numberOption("hopScale", "size of a hop, relative to the root-mean-square coefficient", 0.3, 0, true),
          integerOption("starts", "restarts from the LSK points of ridge fits at this many penalties, 10 down to 1e-6; the lowest objective is kept (0: one start, at the method's λ)", 0, 0)};
}
std::vector<OptionSpec> projectedGradientOptions(std::vector<std::string> inits) {
  return {choiceOption("init", "starting point", std::move(inits)),
          integerOption("maxIterations", "iteration limit", 500, 1),
          numberOption("tolerance", "relative decrease (and step·L) to stop at", 1e-8, 0, true),
          stepGrowthOption(), stepShrinkOption()};
}
OptionSpec stepGrowthOption() { return numberOption("stepGrowth", "α: step factor after an accepted step", 1.5, 1, true); }
OptionSpec stepShrinkOption() { return numberOption("stepShrink", "β: step factor after a rejected step", 0.5, 0, true, 0.99); }
std::vector<OptionSpec> dcOptions() {
  return {integerOption("dcIterations", "DC programming steps (convex subproblems) at most", 50, 1),
          numberOption("dcTolerance", "stop when the objective falls by less than this × max(1, |f|)", 1e-9, 0)};
}

OptionSpec binaryLossOption() {
  return choiceOption("loss", "the datafit (logistic: two classes, one output)", {"squared", "logistic"});
}
OptionSpec graphOption() {
  return {"graph", OptionKind::Edges, "a feature graph: the pairwise sums run over these edges [i, j] only (default: all pairs)"};
}
std::vector<OptionSpec> fusionAdmmOptions(double tolerance) {
  return {integerOption("maxIterations", "ADMM iteration limit", 20000, 1),
          numberOption("tolerance", "optimality residual (stationarity relative to ‖∇F(0)‖∞, split residual relative to the split's largest entry) to stop at", tolerance, 0, true)};
}

OptionSpec centresOption() { return integerOption("centres", "the number s of centres (groups of weights)", 3, 1); }
OptionSpec priorAlgorithmOption() {
  return choiceOption("algorithm", "exact: block descent with exact 1-D k-means / k-median (ours); paper: conjugate gradients with s-means / s-medians updates (the paper's)",
                      {"exact", "paper"});
}
OptionSpec priorInitOption() {
  return choiceOption("init", "start of the exact algorithm: best: both of the others, the lower objective kept; gradient: w = 0, first groups from −∇F(0) (the features' covariances with the target); ridge: the fit without the prior",
                      {"best", "gradient", "ridge"});
}

std::vector<OptionSpec> convexSolverOptions(double maxIterations) {
  return {integerOption("maxIterations", "iteration (or sweep) limit", maxIterations, 1),
          numberOption("tolerance", "optimality residual, relative to ‖∇F(0)‖∞, to stop at", 1e-10, 0, true)};
}
std::vector<OptionSpec> expertsBase(bool classifies) {
  return {classifies ? choiceOption("loss", "regression experts (squared loss), or classifiers: one-vs-all logistic over the classes of y, Q < K (LwCS §7.1.2)", {"squared", "ova-logistic"})
                     : squaredLossOnly(),
          penaltyWeight(numberOption("lambda", "ridge weight λ > 0: expert q's ridge is λ s_q/2‖c_q‖² for its s_q samples", 1e-2, 0, true), 2),
          integerOption("Q", "the number of experts", 0, 1, true)};
}
OptionSpec tasksLoss(bool squaredOnly) {
  return squaredOnly ? choiceOption("loss", "the squared loss (this method needs it): one task per class of y (one-vs-all, ±1 targets), or one per column of y (y given as n × K real targets)",
                                    {"ova-squared", "squared"})
                     : choiceOption("loss", "one task per class of y (one-vs-all squared or logistic), or one per column of y (y given as n × K targets: real for 'squared', 0/1 for 'logistic')",
                                    {"ova-squared", "ova-logistic", "squared", "logistic"});
}
std::vector<OptionSpec> tasksBase(bool squaredOnly) {
  return {tasksLoss(squaredOnly), ridgeOption(), integerOption("Q", "the number of task clusters", 0, 1, true)};
}
std::vector<OptionSpec> taskClusterWeights(bool hard) {
  std::vector<OptionSpec> w;
  if (!hard)
    w.push_back(penaltyWeight(numberOption("within", "λ_W > 0: each task's pull to its cluster's centre, λ_W/2 ‖W − V‖²", 1e-1, 0, true), 2));
  w.push_back(penaltyWeight(numberOption("between", "λ_B ≥ 0: the centres' spread, λ_B/2 Σ_q s_q ‖c_q − c̄‖²", 1e-3, 0), 2));
  w.push_back(penaltyWeight(numberOption("mean", "λ_M ≥ 0: the centres' mean, λ_M K/2 ‖c̄‖²", 1e-3, 0), 2));
  w.push_back(integerOption("restarts", "k-means++ restarts of the task clustering when the partitions are too many to enumerate (> 10⁶)", 10, 1));
  w.push_back(seedOption("seed of the task clustering's k-means++"));
  return w;
}
OptionSpec refineOption() {
  return {"refine", OptionKind::Boolean, "refine the found partition by alternating minimisation (as the papers do)", 1};
}

std::vector<OptionSpec> join(std::vector<std::vector<OptionSpec>> parts) {
  std::vector<OptionSpec> all;
  for (auto& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}

}  // namespace supclust
