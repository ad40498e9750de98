// Experts over clustered samples (AM, PG, CG, regression clustering, the oracle; LwCS, DataCube).
// The family's problems, solvers and papers are stated at the top of
// cpp/src/families/experts/methods.cpp.
#pragma once

#include <vector>

#include "supclust/methods/registry.hpp"

namespace supclust {

std::vector<Method> expertsMethods();

}  // namespace supclust
