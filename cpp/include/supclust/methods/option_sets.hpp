// The option declarations shared by the method recipes (methods/recipes.cpp) and their table
// (methods/registry.cpp): one builder per option or family of options.
#pragma once

#include <string>
#include <vector>

#include "supclust/methods/options.hpp"

namespace supclust {

OptionSpec numberOption(std::string name, std::string doc, double def, double min, bool minExclusive = false,
                        double max = HUGE_VAL);
// Integers are at most 2^31 − 1 (they are counts and sizes); seeds, at most 2^53 (kMaxSeed).
OptionSpec integerOption(std::string name, std::string doc, double def, double min, bool required = false,
                         double max = kMaxInteger);
OptionSpec seedOption(std::string doc);
// A penalty weight of the given degree of homogeneity (see OptionSpec::degree).
OptionSpec penaltyWeight(OptionSpec o, int degree);
OptionSpec choiceOption(std::string name, std::string doc, std::vector<std::string> choices);
OptionSpec lossOption();
OptionSpec squaredLossOnly();
OptionSpec roundingOption();
OptionSpec ridgeOption();
OptionSpec qOption();
OptionSpec sOption();
std::vector<OptionSpec> rowClusterOptions();
std::vector<OptionSpec> restartOptions();
std::vector<OptionSpec> projectedGradientOptions(std::vector<std::string> inits);
// The backtracking step factors α (`stepGrowth`) and β (`stepShrink`) of projected gradient.
OptionSpec stepGrowthOption();
OptionSpec stepShrinkOption();
// DC programming's outer loop (ncFGS, ncTFGS): dcIterations, dcTolerance.
std::vector<OptionSpec> dcOptions();
std::vector<OptionSpec> convexSolverOptions(double maxIterations);
// The pairwise-penalty methods: squared or binary logistic loss, one output.
OptionSpec binaryLossOption();
// `graph`: an optional edge list of feature pairs.
OptionSpec graphOption();
// Fusion ADMM's maxIterations and tolerance (solvers/fusion_admm), with the given default.
std::vector<OptionSpec> fusionAdmmOptions(double tolerance);
// GEM / LEM: the number of centres s, and the algorithm (ours or the paper's).
OptionSpec centresOption();
OptionSpec priorAlgorithmOption();
OptionSpec priorInitOption();
// Experts: the squared loss (or, `classifies`, also one-vs-all logistic classifiers), the ridge
// λ > 0 weighted by group size, Q experts; `refine`.
std::vector<OptionSpec> expertsBase(bool classifies = false);
OptionSpec refineOption();
// Clustered tasks: the loss — one task per class of y (the one-vs-all losses) or per column of an
// n × K y ('squared', 'logistic'); `squaredOnly`: the squared ones.
OptionSpec tasksLoss(bool squaredOnly);
// The loss, the ridge λ, and Q clusters of tasks.
std::vector<OptionSpec> tasksBase(bool squaredOnly);
// The clustered multitask penalty's weights λ_W (within), λ_B (between), λ_M (mean); `hard`:
// between and mean only (the limit λ_W → ∞).
std::vector<OptionSpec> taskClusterWeights(bool hard);
std::vector<OptionSpec> join(std::vector<std::vector<OptionSpec>> parts);

}  // namespace supclust
