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
OptionSpec ridgeOption();
// The loss (any) and the ridge λ: what most methods start with.
std::vector<OptionSpec> lossAndRidge();
OptionSpec qOption();
OptionSpec sOption();
// The backtracking step factors α (`stepGrowth`) and β (`stepShrink`) of projected gradient.
OptionSpec stepGrowthOption();
OptionSpec stepShrinkOption();
std::vector<OptionSpec> convexSolverOptions(double maxIterations);
// The pairwise-penalty methods: squared or binary logistic loss, one output.
OptionSpec binaryLossOption();
std::vector<OptionSpec> join(std::vector<std::vector<OptionSpec>> parts);

}  // namespace supclust
