// Method options: what a caller passes (Params), what a method declares it accepts
// (OptionSpec), and check(), which turns the two into validated Options or a message that
// names the offending field. Nothing downstream of check() re-validates.
#pragma once

#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "supclust/base/types.hpp"

namespace supclust {

// Labels: one integer per feature; Edges: pairs of features, flat (i0, j0, i1, j1, …); Numbers:
// a list of numbers (one per feature), each within the range.
enum class OptionKind { Number, Integer, Boolean, Choice, Labels, Edges, Numbers };

// The largest integer option (an int) and the largest seed (every integer a double holds
// exactly up to it, so JavaScript numbers cross without loss).
constexpr double kMaxInteger = 2147483647.0;
constexpr double kMaxSeed = 9007199254740992.0;  // 2^53

struct OptionSpec {
  OptionSpec(std::string n, OptionKind k, std::string d, double def = 0)
      : name(std::move(n)), kind(k), doc(std::move(d)), defaultNumber(def) {}
  std::string name;
  OptionKind kind;
  std::string doc;
  double defaultNumber = 0;  // Number, Integer, Boolean (0/1)
  std::string defaultChoice;  // Choice
  double min = -HUGE_VAL, max = HUGE_VAL;  // the range (Number, Integer): inclusive unless
  bool minExclusive = false, maxExclusive = false;  // marked exclusive
  std::vector<std::string> choices;
  bool required = false;
  // A Labels option with one label per sample (row of X), which a subset of the rows keeps for
  // its rows (cross-validation's folds).
  bool perSample = false;
  // A count whose smaller values give a simpler model (groups, experts, non-zeros): the
  // one-standard-error rule prefers them, as it prefers larger penalty weights (degree ≠ 0).
  bool fewerIsSimpler = false;
  // A Number option that weighs a penalty: the penalty's degree of homogeneity in the
  // coefficients (2: ridge-like ‖w‖², 1: ℓ1-like), so that the weight can follow a rescaling of
  // the data (data_scale.hpp); 0: unaffected by scaling.
  int degree = 0;
  // A penalty weight's suggested value for given data, where declared (factor > 0):
  // factor × scale / d^power. The scale follows the degree — 1: ‖Xcᵀ(t − t̄)‖∞/n, the largest
  // correlation of a feature with a target (the ℓ1 weight at which w = 0 starts to move);
  // 2: ‖Xc‖²_F/(n d), the mean feature variance (a quadratic penalty against the loss's
  // curvature). power: how many other coefficients each one meets in the penalty's sum
  // (0: ℓ1, 1: pairs, 2: triples), whose count grows like d^power.
  double suggestedFactor = 0;
  int suggestedPower = 0;
};

// Raw options as they arrive from a caller (JS objects are converted into this).
struct Params {
  std::map<std::string, double> numbers;  // Number and Integer options
  std::map<std::string, std::string> strings;
  std::map<std::string, Labels> labels;
  std::map<std::string, bool> flags;  // Boolean options (a number is refused for them)
  std::map<std::string, std::vector<double>> vectors;  // Numbers options (integer labels are read as numbers too)
};

// Validated options with every default filled in.
class Options {
 public:
  double number(const std::string& name) const { return numbers_.at(name); }
  // Integer options are checked to lie in [min, 2^31 − 1]; seeds (up to 2^53) are read with
  // seed().
  int integer(const std::string& name) const { return static_cast<int>(numbers_.at(name)); }
  std::uint64_t seed(const std::string& name = "seed") const { return static_cast<std::uint64_t>(numbers_.at(name)); }
  bool flag(const std::string& name) const { return numbers_.at(name) != 0; }
  const std::string& choice(const std::string& name) const { return strings_.at(name); }
  const Labels& labels(const std::string& name) const { return labels_.at(name); }
  bool has(const std::string& name) const { return labels_.count(name) > 0 || vectors_.count(name) > 0; }
  const std::vector<double>& numbers(const std::string& name) const { return vectors_.at(name); }
  // Replaces a checked number (the data rescaling's transformed penalty weights).
  void set(const std::string& name, double value) { numbers_.at(name) = value; }

 private:
  friend Refusal check(const std::vector<OptionSpec>&, const Params&, const std::string&, Options&);
  std::map<std::string, double> numbers_;
  std::map<std::string, std::string> strings_;
  std::map<std::string, Labels> labels_;
  std::map<std::string, std::vector<double>> vectors_;
};

// Nothing on success (out filled), else the refused option and why, naming its owner ("method
// 'ihc'", "generator 'e1'"): field "Q", "option 'Q' of method 'ihc' must be an integer >= 1 (got 0.5)".
Refusal check(const std::vector<OptionSpec>& specs, const Params& given, const std::string& owner, Options& out);

}  // namespace supclust
