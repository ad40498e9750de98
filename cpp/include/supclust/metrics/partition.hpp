// Agreement between two partitions of the same items.
#pragma once

#include "supclust/base/types.hpp"

namespace supclust {

// Adjusted Rand index (Hubert & Arabie 1985): 1 for identical partitions, about 0 for
// independent ones. Labels are any non-negative integers. Two partitions that both put every
// item in one group (or both in singletons) agree perfectly: 1.
double adjustedRandIndex(const Labels& a, const Labels& b);

}  // namespace supclust
