// The option declarations the families share: each adds its fields to a method's Schema<T> and
// names the members they fill, so a method's options struct T must have them (a misspelt member
// does not compile). The fields' own defaults live here or in the solver's parameter struct.
#pragma once

#include <string>
#include <vector>

#include "supclust/core/loss.hpp"
#include "supclust/methods/schema.hpp"
#include "supclust/solvers/step_backtracking.hpp"

namespace supclust {

// Members the shared declarations fill; a method's options struct inherits those it declares.
struct LossField {
  std::string loss;
};
struct RidgeField {
  double lambda = 0;
};
struct ConvexSolverFields {
  int maxIterations = 0;
  double tolerance = 0;
};
struct StepFields {
  double stepGrowth = 0, stepShrink = 0;
  StepBacktracking step() const { return {stepGrowth, stepShrink}; }
};
struct SeedField {
  std::uint64_t seed = 0;
};
struct RestartsField {
  int restarts = 0;
};

// `loss`: any of lossNames().
template <class T>
Schema<T>& lossField(Schema<T>& s) {
  return s.choice("loss", &T::loss,
                  "the datafit (logistic: two classes; ova-*: one-vs-all over K classes; class labels of any values)",
                  lossNames());
}
// `loss`: any of lossNames() or the multinomial (softmax) loss, K classes in one model.
template <class T>
Schema<T>& softmaxLossField(Schema<T>& s) {
  std::vector<std::string> names = lossNames();
  names.push_back("multinomial");
  return s.choice("loss", &T::loss,
                  "the datafit (logistic: two classes; ova-*: one-vs-all over K classes; multinomial: the softmax over "
                  "K classes; class labels of any values)",
                  names);
}
template <class T>
Schema<T>& squaredLossOnly(Schema<T>& s) {
  return s.choice("loss", &T::loss, "the datafit (this method needs the squared loss)", {"squared"});
}
// The squared or the binary logistic loss, one output.
template <class T>
Schema<T>& binaryLoss(Schema<T>& s) {
  return s.choice("loss", &T::loss, "the datafit (logistic: two classes, one output)", {"squared", "logistic"});
}
// The squared, the binary logistic (one output) or the multinomial loss (K outputs).
template <class T>
Schema<T>& binaryOrSoftmaxLoss(Schema<T>& s) {
  return s.choice("loss", &T::loss,
                  "the datafit (logistic: two classes, one output; multinomial: the softmax over K classes, K outputs)",
                  {"squared", "logistic", "multinomial"});
}
// `restarts`: k-means++ restarts when the coefficients' rows (K outputs) are clustered.
template <class T>
Schema<T>& rowRestartsField(Schema<T>& s) {
  return s.integer("restarts", &T::restarts, "k-means++ restarts of the row clustering (K > 1 outputs only)", 5, 1);
}
// `lambda`: the ridge weight λ in λ/2‖w‖².
template <class T>
Schema<T>& ridgeField(Schema<T>& s) {
  return s.number("lambda", &T::lambda, "ridge weight λ in λ/2‖w‖² (0: none)", 0, 0).degree(2);
}
template <class T>
Schema<T>& lossAndRidge(Schema<T>& s) {
  return ridgeField(lossField(s));
}
template <class T>
Schema<T>& softmaxLossAndRidge(Schema<T>& s) {
  return ridgeField(softmaxLossField(s));
}
template <class T>
Schema<T>& qField(Schema<T>& s, std::string doc = "the number of distinct coefficient values (rows, for K outputs)") {
  return s.integer("Q", &T::Q, std::move(doc), 0, 1).fewerIsSimpler().required();
}
template <class T>
Schema<T>& sField(Schema<T>& s) {
  return s.integer("s", &T::s, "the largest number of non-zero coefficients", 0, 1).fewerIsSimpler().required();
}
template <class T>
Schema<T>& seedField(Schema<T>& s, std::string doc) {
  return s.seed("seed", &T::seed, std::move(doc), 0);
}
// `maxIterations` and `tolerance` of a convex solver stopping on its optimality residual.
template <class T>
Schema<T>& convexSolverFields(Schema<T>& s, double maxIterations) {
  return s.integer("maxIterations", &T::maxIterations, "iteration (or sweep) limit", maxIterations, 1)
      .number("tolerance", &T::tolerance, "optimality residual, relative to ‖∇F(0)‖∞, to stop at", 1e-10, 0, true);
}
// The backtracking step factors α (`stepGrowth`) and β (`stepShrink`) of projected gradient.
template <class T>
Schema<T>& stepFields(Schema<T>& s) {
  const StepBacktracking defaults;
  return s.number("stepGrowth", &T::stepGrowth, "α: step factor after an accepted step", defaults.growth, 1, true)
      .number("stepShrink", &T::stepShrink, "β: step factor after a rejected step", defaults.shrink, 0, true, 0.99);
}

}  // namespace supclust
