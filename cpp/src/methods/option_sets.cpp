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
OptionSpec squaredLossOnly() { return choiceOption("loss", "the datafit (this method needs the squared loss)", {"squared"}); }
std::vector<OptionSpec> lossAndRidge() { return {lossOption(), ridgeOption()}; }
OptionSpec ridgeOption() { return penaltyWeight(numberOption("lambda", "ridge weight λ in λ/2‖w‖² (0: none)", 0, 0), 2); }
OptionSpec qOption() { return integerOption("Q", "the number of distinct coefficient values (rows, for K outputs)", 0, 1, true); }
OptionSpec sOption() { return integerOption("s", "the largest number of non-zero coefficients", 0, 1, true); }
OptionSpec stepGrowthOption() { return numberOption("stepGrowth", "α: step factor after an accepted step", 1.5, 1, true); }
OptionSpec stepShrinkOption() { return numberOption("stepShrink", "β: step factor after a rejected step", 0.5, 0, true, 0.99); }

OptionSpec binaryLossOption() {
  return choiceOption("loss", "the datafit (logistic: two classes, one output)", {"squared", "logistic"});
}


std::vector<OptionSpec> convexSolverOptions(double maxIterations) {
  return {integerOption("maxIterations", "iteration (or sweep) limit", maxIterations, 1),
          numberOption("tolerance", "optimality residual, relative to ‖∇F(0)‖∞, to stop at", 1e-10, 0, true)};
}

std::vector<OptionSpec> join(std::vector<std::vector<OptionSpec>> parts) {
  std::vector<OptionSpec> all;
  for (auto& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}

}  // namespace supclust
