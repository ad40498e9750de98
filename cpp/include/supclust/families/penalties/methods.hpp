// Feature grouping by pairwise penalties (OSCAR, GFLasso, ncFGS, ncTFGS, DFG, ADFG; DFG paper).
// The family's problems, solvers and papers are stated at the top of
// cpp/src/families/penalties/methods.cpp.
#pragma once

#include <vector>

#include "supclust/methods/registry.hpp"

namespace supclust {

std::vector<Method> penaltiesMethods();

}  // namespace supclust
