// A check's answer: nothing (the input is accepted) or a refusal that names the input at fault
// and says why. Every check in the library returns one, built where the field is known, and it
// crosses the API as { code: 'invalid-input', field, message }; nothing reads a field back out
// of a message.
#pragma once

#include <string>

namespace supclust {

struct Refusal {
  std::string field;  // the input at fault: "X", "y", "Q", "grid.lambda", "data"; "" when none is
  std::string detail;  // why, without the field: "must be finite (row 4, column 7 is NaN)"

  Refusal() = default;
  Refusal(std::string field, std::string detail) : field(std::move(field)), detail(std::move(detail)) {}

  // True when nothing is refused.
  bool empty() const { return detail.empty(); }
  explicit operator bool() const { return !detail.empty(); }
  // What a person reads: "<field>: <detail>" ("Q: must be >= 1 (got 0)"), or the detail alone.
  std::string message() const { return field.empty() ? detail : field + ": " + detail; }
  // The same refusal reported as one of an outer input ("grid.lambda", "data[1]"): the outer
  // name replaces the field and the detail is kept.
  Refusal as(std::string outer) const { return empty() ? Refusal() : Refusal(std::move(outer), detail); }
};

}  // namespace supclust
