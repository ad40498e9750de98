// Checks of a kernel call's arguments as they arrive from outside the library (the wasm
// module's kernel functions): every value finite, counts integers in range. Each returns "" or
// a message that starts with the field ("values: …", "Q: …").
#pragma once

#include <cstddef>
#include <string>

#include "supclust/base/refusal.hpp"

namespace supclust {

Refusal checkFinite(const char* field, const double* v, std::size_t n);
// An integer in [min, 2^31 − 1], given as a double (JavaScript numbers).
Refusal checkCount(const char* field, double v, double min);
// A finite number >= 0.
Refusal checkNonNegative(const char* field, double v);

}  // namespace supclust
