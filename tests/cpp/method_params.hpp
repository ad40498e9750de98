// Test-only: parameters that make each catalogued method fit a small problem (about 50 rows, 8
// features: two groups, a small ridge, the families' own weights), and the losses it offers, for
// the tests that loop over every method.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "supclust/families/catalogue.hpp"

namespace method_params {

using namespace supclust;

// Whether `method` declares the option `name`.
inline bool declaresOption(const std::string& method, const std::string& name) {
  for (const OptionSpec& o : findMethod(method)->options)
    if (o.name == name) return true;
  return false;
}

inline Params methodParams(const std::string& method, const std::string& loss) {
  Params p;
  p.strings["loss"] = loss;
  p.numbers["tolerance"] = 1e-13;
  const bool logistic = loss.find("logistic") != std::string::npos;
  if (findMethod(method)->family == "penalties") {  // their ℓ1 and pairwise weights, a small ridge
    p.numbers["lambda"] = 1e-3;
    p.numbers["lambda1"] = logistic ? 0.005 : 0.02;
    p.numbers["lambda2"] = logistic ? 0.002 : 0.005;
    p.numbers["maxIterations"] = 1000000;
    return p;
  }
  p.numbers["lambda"] = method == "ridge" || method == "svm" ? 0.1 : logistic ? 0.01 : 0.05;
  if (method == "elasticnet") p.numbers["alpha"] = 0.5;
  const auto declares = [&](const char* name) { return declaresOption(method, name); };
  if (findMethod(method)->family == "tasks") {  // the three classes as tasks, two clusters
    if (!declares("tolerance")) p.numbers.erase("tolerance");
    if (declares("Q")) p.numbers["Q"] = 2;
    if (declares("mu")) p.numbers["mu"] = 1e-2;
    p.numbers["lambda"] = 1e-2;
    return p;
  }
  if (findMethod(method)->family == "priors") {  // two centres, a prior that groups
    p.numbers["gamma"] = logistic ? 0.05 : 0.5;
    p.numbers["centres"] = 2;
    p.numbers["lambda"] = logistic ? 1e-3 : 0;
    return p;
  }
  if (findMethod(method)->family ==
      "grouping") {  // two groups (of at most 3 non-zeros), a ridge; oracle: a given partition
    // Frank–Wolfe (cg, cgpg's relaxation) stops at its own default gap: 1e-13 is out of its reach.
    if (!declares("tolerance") || method == "cg") p.numbers.erase("tolerance");
    if (declares("Q")) p.numbers["Q"] = 2;
    if (declares("s")) p.numbers["s"] = 3;
    if (declares("groups")) p.labels["groups"] = Labels{0, 1, 0, 1, 1, 0, 0, 1};
    p.numbers["lambda"] = logistic ? 0.01 : 0.05;
  }
  return p;
}

// The default `method` declares for its option `name` (a number, integer or flag).
inline double declaredDefault(const std::string& method, const std::string& name) {
  for (const OptionSpec& o : findMethod(method)->options)
    if (o.name == name) return o.defaultNumber;
  return NAN;
}

// The losses a method offers (its option "loss").
inline std::vector<std::string> lossesOf(const std::string& method) {
  for (const OptionSpec& o : findMethod(method)->options)
    if (o.name == "loss") return o.choices;
  return {"squared"};
}

}  // namespace method_params
