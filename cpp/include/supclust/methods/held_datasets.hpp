// The datasets a caller holds in a module (sc.dataset()), by the caller's ids: X copied in and
// checked once, then read in place — with what its design derives (core/held_design.hpp) — by
// every call that names the id, until the caller releases it. The object that owns them is the
// one place their memory is counted: a call's memory pre-check adds bytes() to its own estimate.
#pragma once

#include <memory>
#include <vector>

#include "supclust/base/refusal.hpp"
#include "supclust/core/data_matrix.hpp"
#include "supclust/core/held_design.hpp"

namespace supclust {

class HeldDatasets {
 public:
  // Stores X under `id`, replacing a dataset of that id; refuses X when its arrays do not
  // describe a finite matrix, or when it would not fit beside the datasets already held.
  Refusal hold(int id, StoredData X);
  void release(int id);
  // The design of dataset `id`, or nullptr when none is held under it.
  const HeldDesign* find(int id) const;
  // The bytes the held datasets occupy now: their arrays and what their designs have derived.
  double bytes() const;

 private:
  struct Entry {
    int id;
    StoredData X;
    HeldDesign design;  // reads X's arrays (never moved while held)
    Entry(int id, StoredData data, double maxAbs, RowVector means)
        : id(id), X(std::move(data)), design(X.view(), maxAbs, std::move(means)) {}
  };
  std::vector<std::unique_ptr<Entry>> entries_;  // few at a time: searched in order
};

}  // namespace supclust
