// Several starts of a non-convex search, side by side on the thread pool, the lowest objective
// kept: the multi-start defaults of IHC, IHCS, IHT, CGPG's neighbours, ncFGS and ncTFGS.
#pragma once

#include <functional>

#include "supclust/methods/recipes.hpp"

namespace supclust {

// The lowest objective of `starts` searches, search(at, k) for k = 0 … starts − 1, side by side on
// the thread pool: one thread runs them in turn under the caller's control, the iterations counted
// on; several keep progress and cancellation on the caller's thread, the searches seeing a flag.
// All minimise the same objective; the lowest is kept (the first of ties: the same answer on any
// number of threads) and its starts noted (noteStarts). A Result with Status::Aborted when stopped.
Result bestOfStarts(const FitContext& c, int starts, const std::function<Result(const FitContext& at, int k)>& search);

}  // namespace supclust
