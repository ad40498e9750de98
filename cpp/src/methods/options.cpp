#include "supclust/methods/options.hpp"

#include <algorithm>
#include <cmath>

#include "supclust/base/format.hpp"

namespace supclust {

namespace {
std::string fmt(double v) {
  return formatNumber(v, v == std::floor(v) && std::abs(v) <= kMaxSeed ? 17 : 6);  // integers in full
}

// Integers are capped at 2^31 − 1 even when a spec sets no maximum.
double maxOf(const OptionSpec& o) {
  return o.kind == OptionKind::Integer && !std::isfinite(o.max) ? kMaxInteger : o.max;
}

std::string rangeText(const OptionSpec& o) {
  std::string t;
  if (std::isfinite(o.min)) t += (o.minExclusive ? " > " : " >= ") + fmt(o.min);
  if (std::isfinite(maxOf(o)))
    t += std::string(t.empty() ? "" : " and") + (o.maxExclusive ? " < " : " <= ") + fmt(maxOf(o));
  return t;
}

std::string knownNames(const std::vector<OptionSpec>& specs) {
  std::string t;
  for (const auto& o : specs) t += (t.empty() ? "" : ", ") + o.name;
  return t.empty() ? "none" : t;
}
}  // namespace

Refusal check(const std::vector<OptionSpec>& specs, const Params& given, const std::string& owner, Options& out) {
  auto where = [&](const std::string& name) { return "option '" + name + "' of " + owner; };
  auto known = [&](const std::string& name) {
    for (const auto& o : specs)
      if (o.name == name) return true;
    return false;
  };
  // A given name no spec declares, in any of the kinds' maps.
  const auto unknownIn = [&](const auto& map) -> Refusal {
    for (const auto& kv : map)
      if (!known(kv.first))
        return Refusal(kv.first,
                       "unknown option '" + kv.first + "' for " + owner + " (accepted: " + knownNames(specs) + ")");
    return {};
  };
  for (Refusal why : {unknownIn(given.numbers), unknownIn(given.flags), unknownIn(given.strings),
                      unknownIn(given.vectors), unknownIn(given.labels)})
    if (!why.empty()) return why;

  for (const auto& o : specs) {
    const auto num = given.numbers.find(o.name);
    const auto str = given.strings.find(o.name);
    const auto lab = given.labels.find(o.name);
    const auto flag = given.flags.find(o.name);
    const auto vec = given.vectors.find(o.name);
    const bool isVector = vec != given.vectors.end();
    const bool present = num != given.numbers.end() || str != given.strings.end() || lab != given.labels.end() ||
                         flag != given.flags.end() || isVector;
    if (!present && o.required) return Refusal(o.name, where(o.name) + " is required: " + o.doc);
    switch (o.kind) {
      case OptionKind::Boolean:
        if (num != given.numbers.end() || str != given.strings.end() || lab != given.labels.end() || isVector)
          return Refusal(o.name, where(o.name) + " must be true or false" +
                                     (num != given.numbers.end() ? " (got the number " + fmt(num->second) + ")" : ""));
        out.numbers_[o.name] = flag != given.flags.end() ? (flag->second ? 1 : 0) : o.defaultNumber;
        break;
      case OptionKind::Number:
      case OptionKind::Integer: {
        if (flag != given.flags.end())
          return Refusal(o.name, where(o.name) + " must be a number (got " + (flag->second ? "true" : "false") + ")");
        if (str != given.strings.end() || lab != given.labels.end() || isVector)
          return Refusal(o.name, where(o.name) + " must be a number");
        const double v = num != given.numbers.end() ? num->second : o.defaultNumber;
        if (!std::isfinite(v)) return Refusal(o.name, where(o.name) + " must be finite (got " + fmt(v) + ")");
        if (o.kind == OptionKind::Integer && v != std::floor(v))
          return Refusal(o.name, where(o.name) + " must be an integer" + rangeText(o) + " (got " + fmt(v) + ")");
        const bool low = o.minExclusive ? !(v > o.min) : v < o.min;
        const bool high = o.maxExclusive ? !(v < maxOf(o)) : v > maxOf(o);
        if (low || high)
          return Refusal(o.name, where(o.name) + " must be" + (o.kind == OptionKind::Integer ? " an integer" : "") +
                                     rangeText(o) + " (got " + fmt(v) + ")");
        out.numbers_[o.name] = v;
        break;
      }
      case OptionKind::Choice: {
        if (num != given.numbers.end() || lab != given.labels.end() || flag != given.flags.end() || isVector)
          return Refusal(o.name, where(o.name) + " must be a string");
        const std::string v = str != given.strings.end() ? str->second : o.defaultChoice;
        bool ok = false;
        std::string list;
        for (const auto& c : o.choices) {
          ok = ok || c == v;
          list += (list.empty() ? "'" : ", '") + c + "'";
        }
        if (!ok) return Refusal(o.name, where(o.name) + " must be one of " + list + " (got '" + v + "')");
        out.strings_[o.name] = v;
        break;
      }
      case OptionKind::Labels:
        if (num != given.numbers.end() || str != given.strings.end() || flag != given.flags.end() || isVector)
          return Refusal(o.name, where(o.name) + " must be an array of group labels");
        if (lab != given.labels.end()) out.labels_[o.name] = lab->second;
        break;
      case OptionKind::Edges:
        if (num != given.numbers.end() || str != given.strings.end() || flag != given.flags.end() || isVector)
          return Refusal(o.name, where(o.name) + " must be an array of feature pairs [i, j]");
        if (lab != given.labels.end()) {
          if (lab->second.size() % 2 != 0)
            return Refusal(o.name, where(o.name) + " must list pairs of features (got an odd count)");
          out.labels_[o.name] = lab->second;
        }
        break;
      case OptionKind::Numbers: {
        if (num != given.numbers.end() || str != given.strings.end() || flag != given.flags.end())
          return Refusal(o.name, where(o.name) + " must be an array of numbers");
        if (!isVector && lab == given.labels.end()) break;
        const std::vector<double> v =
            isVector ? vec->second : std::vector<double>(lab->second.begin(), lab->second.end());
        for (std::size_t i = 0; i < v.size(); ++i) {
          const bool low = o.minExclusive ? !(v[i] > o.min) : v[i] < o.min;
          const bool high = o.maxExclusive ? !(v[i] < o.max) : v[i] > o.max;
          if (!std::isfinite(v[i]) || low || high)
            return Refusal(o.name, where(o.name) + " must hold finite numbers" + rangeText(o) + " (entry " +
                                       std::to_string(i) + " is " + fmt(v[i]) + ")");
        }
        out.vectors_[o.name] = v;
        break;
      }
    }
  }
  return {};
}

}  // namespace supclust
