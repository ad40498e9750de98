// Clustered tasks (SSC, CG, PG and the Frobenius and trace-norm baselines; DataCube, Jacob et al.).
// The family's problems, solvers and papers are stated at the top of
// cpp/src/families/tasks/methods.cpp.
#pragma once

#include <vector>

#include "supclust/methods/registry.hpp"

namespace supclust {

std::vector<Method> tasksMethods();

}  // namespace supclust
