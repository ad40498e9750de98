// A struct's fields declared once: each field's name, doc, default and range (an OptionSpec)
// beside the member its checked value lands in. The specs feed check(), info() (and from it the
// generated TypeScript types and the API reference's tables); read() turns a caller's Params —
// or already checked Options — into the struct. A misspelt member does not compile, and no
// default exists outside the declaration.
#pragma once

#include <cassert>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "supclust/methods/options.hpp"

namespace supclust {

template <class T>
class Schema {
 public:
  // `owner` names the fields' owner in messages: "generator 'e1'", "cross-validation".
  explicit Schema(std::string owner) : owner_(std::move(owner)) {}

  Schema& integer(std::string name, int T::*member, std::string doc, double def, double min, double max = kMaxInteger) {
    OptionSpec s(name, OptionKind::Integer, std::move(doc), def);
    s.min = min;
    s.max = max;
    return add(std::move(s), [member, name](const Options& o, T& t) { t.*member = o.integer(name); });
  }
  Schema& number(std::string name, double T::*member, std::string doc, double def, double min = -HUGE_VAL,
                 bool minExclusive = false, double max = HUGE_VAL) {
    OptionSpec s(name, OptionKind::Number, std::move(doc), def);
    s.min = min;
    s.minExclusive = minExclusive;
    s.max = max;
    return add(std::move(s), [member, name](const Options& o, T& t) { t.*member = o.number(name); });
  }
  Schema& seed(std::string name, std::uint64_t T::*member, std::string doc, double def) {
    OptionSpec s(name, OptionKind::Integer, std::move(doc), def);
    s.min = 0;
    s.max = kMaxSeed;
    return add(std::move(s), [member, name](const Options& o, T& t) { t.*member = o.seed(name); });
  }
  Schema& flag(std::string name, bool T::*member, std::string doc, bool def) {
    OptionSpec s(name, OptionKind::Boolean, std::move(doc), def ? 1 : 0);
    return add(std::move(s), [member, name](const Options& o, T& t) { t.*member = o.flag(name); });
  }
  // A list of integer labels (one per feature or sample), or feature pairs [i, j] flat; empty
  // when not given.
  Schema& labels(const std::string& name, std::optional<Labels> T::*member, std::string doc) {
    return add(OptionSpec(name, OptionKind::Labels, std::move(doc)), listSetter(name, member));
  }
  Schema& edges(const std::string& name, std::optional<Labels> T::*member, std::string doc) {
    return add(OptionSpec(name, OptionKind::Edges, std::move(doc)), listSetter(name, member));
  }
  // A list of numbers, each at least `min` (one per feature); empty when not given.
  Schema& numbers(std::string name, std::optional<std::vector<double>> T::*member, std::string doc, double min) {
    OptionSpec s(name, OptionKind::Numbers, std::move(doc));
    s.min = min;
    return add(std::move(s), [member, name](const Options& o, T& t) {
      if (o.has(name)) t.*member = o.numbers(name);
    });
  }
  // The first choice is the default.
  Schema& choice(std::string name, std::string T::*member, std::string doc, std::vector<std::string> choices) {
    OptionSpec s(name, OptionKind::Choice, std::move(doc));
    s.defaultChoice = choices.front();
    s.choices = std::move(choices);
    return add(std::move(s), [member, name](const Options& o, T& t) { t.*member = o.choice(name); });
  }
  // The field declared last weighs a penalty of this degree of homogeneity (OptionSpec::degree).
  Schema& degree(int d) {
    specs_.back().degree = d;
    return *this;
  }
  // A suggested value for a penalty weight declared before (OptionSpec::suggestedFactor): the
  // option must weigh a penalty (degree 1 or 2), which sets the scale.
  Schema& suggest(const std::string& name, double factor, int power) {
    for (OptionSpec& s : specs_)
      if (s.name == name) {
        assert(s.degree == 1 || s.degree == 2);
        s.suggestedFactor = factor;
        s.suggestedPower = power;
      }
    return *this;
  }
  // The field declared last excludes its maximum: [min, max).
  Schema& openAbove() {
    specs_.back().maxExclusive = true;
    return *this;
  }
  // The count declared last gives a simpler model when smaller (OptionSpec::fewerIsSimpler).
  Schema& fewerIsSimpler() {
    specs_.back().fewerIsSimpler = true;
    return *this;
  }
  // The Labels field declared last holds one label per sample (OptionSpec::perSample).
  Schema& perSample() {
    specs_.back().perSample = true;
    return *this;
  }
  // The field declared last has no default: a caller must give it.
  Schema& required() {
    specs_.back().required = true;
    return *this;
  }
  // Another default for a field declared before (a generator's own sizes).
  Schema& withDefault(const std::string& name, double value) {
    for (OptionSpec& s : specs_)
      if (s.name == name) s.defaultNumber = value;
    return *this;
  }
  Schema& withDefault(const std::string& name, const std::string& value) {
    for (OptionSpec& s : specs_)
      if (s.name == name) s.defaultChoice = value;
    return *this;
  }
  Schema& requiring(const std::string& name) {
    for (OptionSpec& s : specs_)
      if (s.name == name) s.required = true;
    return *this;
  }
  // Only the named fields, in their declared order (a generator reads some of them).
  Schema only(const std::vector<std::string>& names, std::string owner) const {
    Schema s(std::move(owner));
    for (std::size_t i = 0; i < specs_.size(); ++i)
      for (const std::string& n : names)
        if (specs_[i].name == n) s.add(specs_[i], setters_[i]);
    return s;
  }

  // The named fields of another struct's schema, read into the member `part` of this one: one
  // declaration for requests that share settings (a path's folds are cross-validation's).
  template <class U>
  Schema& include(const Schema<U>& other, U T::*part, const std::vector<std::string>& names) {
    for (std::size_t i = 0; i < other.specs_.size(); ++i)
      for (const std::string& n : names)
        if (other.specs_[i].name == n)
          add(other.specs_[i], [set = other.setters_[i], part](const Options& o, T& t) { set(o, t.*part); });
    return *this;
  }

  const std::vector<OptionSpec>& specs() const { return specs_; }
  const std::string& owner() const { return owner_; }

  // Nothing and `out`'s declared members set (defaults where not given), or the refused field;
  // members not declared keep their values.
  Refusal read(const Params& given, T& out) const {
    Options checked;
    if (Refusal why = check(specs_, given, owner_, checked); !why.empty()) return why;
    read(checked, out);
    return {};
  }
  void read(const Options& checked, T& out) const {
    for (const auto& set : setters_) set(checked, out);
  }

 private:
  template <class>
  friend class Schema;
  using Setter = std::function<void(const Options&, T&)>;
  static Setter listSetter(const std::string& name, std::optional<Labels> T::*member) {
    return [member, name](const Options& o, T& t) {
      if (o.has(name)) t.*member = o.labels(name);
      else t.*member = std::nullopt;
    };
  }
  Schema& add(OptionSpec s, Setter set) {
    specs_.push_back(std::move(s));
    setters_.push_back(std::move(set));
    return *this;
  }
  std::string owner_;
  std::vector<OptionSpec> specs_;
  std::vector<Setter> setters_;
};

}  // namespace supclust
