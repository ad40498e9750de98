// Weight-grouping priors (GEM, LEM; Korzeń, Jaroszewicz & Klęsk).
// The family's problems, solvers and papers are stated at the top of
// cpp/src/families/priors/methods.cpp.
#pragma once

#include <vector>

#include "supclust/methods/registry.hpp"

namespace supclust {

std::vector<Method> priorsMethods();

}  // namespace supclust
