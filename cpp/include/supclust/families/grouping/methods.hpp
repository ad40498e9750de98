// Feature grouping by a constraint: at most Q distinct coefficient values (LSK, IHC, IHCS, IHT,
// CG, CGPG, the oracle; IHC paper, LwCS).
// The family's problems, solvers and papers are stated at the top of
// cpp/src/families/grouping/methods.cpp.
#pragma once

#include <vector>

#include "supclust/methods/registry.hpp"

namespace supclust {

std::vector<Method> groupingMethods();

}  // namespace supclust
