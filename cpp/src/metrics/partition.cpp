#include "supclust/metrics/partition.hpp"

#include <algorithm>
#include <map>

namespace supclust {

double adjustedRandIndex(const Labels& a, const Labels& b) {
  const double n = static_cast<double>(a.size());
  std::map<std::pair<std::int32_t, std::int32_t>, double> joint;
  std::map<std::int32_t, double> ra, rb;
  for (std::size_t i = 0; i < a.size(); ++i) {
    joint[{a[i], b[i]}] += 1;
    ra[a[i]] += 1;
    rb[b[i]] += 1;
  }
  auto pairs = [](double x) { return x * (x - 1) / 2; };
  double index = 0, sa = 0, sb = 0;
  for (const auto& kv : joint) index += pairs(kv.second);
  for (const auto& kv : ra) sa += pairs(kv.second);
  for (const auto& kv : rb) sb += pairs(kv.second);
  const double expected = sa * sb / pairs(n), maximum = 0.5 * (sa + sb);
  if (maximum == expected) return 1;  // both trivial in the same way
  return (index - expected) / (maximum - expected);
}

}  // namespace supclust
