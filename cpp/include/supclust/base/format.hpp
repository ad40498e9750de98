// Numbers in messages: printf's %g with the given significant digits (what an ostream prints at
// that precision), without the iostream machinery in the wasm download.
#pragma once

#include <cstdio>
#include <string>

namespace supclust {

inline std::string formatNumber(double v, int digits = 6) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

}  // namespace supclust
