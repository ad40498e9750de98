#include "supclust/methods/held_datasets.hpp"

#include <algorithm>

#include "supclust/methods/registry.hpp"

namespace supclust {

namespace {
double arrayBytes(const StoredData& X) {
  return 8.0 * static_cast<double>(X.values.size()) + 4.0 * static_cast<double>(X.indptr.size() + X.indices.size());
}
}  // namespace

Refusal HeldDatasets::hold(int id, StoredData X) {
  release(id);
  if (Refusal why = X.check(); !why.empty()) return why;
  // The arrays are in memory already; what is refused is keeping them beside the others, with
  // the column vectors a design makes at once.
  const double kept = arrayBytes(X) + 8.0 * static_cast<double>(X.rows + X.cols);
  if (Refusal why = checkMemory(
          "X", "holding a " + std::to_string(X.rows) + " × " + std::to_string(X.cols) + " dataset", kept, bytes());
      !why.empty())
    return why;
  double maxAbs = 0;
  RowVector means;
  if (Refusal why = checkDesign(X.view(), &maxAbs, &means); !why.empty()) return why;
  entries_.emplace_back(new Entry(id, std::move(X), maxAbs, std::move(means)));
  return {};
}

void HeldDatasets::release(int id) {
  entries_.erase(std::remove_if(entries_.begin(), entries_.end(), [id](const auto& e) { return e->id == id; }),
                 entries_.end());
}

const HeldDesign* HeldDatasets::find(int id) const {
  for (const auto& e : entries_)
    if (e->id == id) return &e->design;
  return nullptr;
}

double HeldDatasets::bytes() const {
  double total = 0;
  for (const auto& e : entries_) total += arrayBytes(e->X) + e->design.bytes();
  return total;
}

}  // namespace supclust
