// Plain linear models (ridge, lasso, elastic net, linear SVM): the baselines of every family.
// The family's problems, solvers and papers are stated at the top of
// cpp/src/families/linear/methods.cpp.
#pragma once

#include <vector>

#include "supclust/methods/registry.hpp"

namespace supclust {

std::vector<Method> linearMethods();

}  // namespace supclust
