// E7 (the paper's Figure 6, waveform): Breiman's waveform generator (21 signal and 19 noise
// attributes), 5000 rows, as a binary problem — class 0 against classes 1 and 2 (the paper
// does not say which; this keeps every record, and class 0's two waves (peaks 7 and 15) are
// the ones the other classes share one each of). Rows as E6 classification, without a
// reference (the generator has no groups), IHC with Q = 3.
#include "supclust/experiments/experiment.hpp"

namespace supclust {

Experiment waveformTable() {
  Experiment e = e6ClassificationTable();
  e.id = "waveform";
  e.title = "Waveform (binary: class 0 or not): test accuracy and AUC against the training fraction α (40 attributes)";
  e.source = "weight-grouping priors paper Figure 6 (curves, no figures)";
  e.generator = "waveform";
  e.options.n = 2500;
  e.options.nTest = 2500;
  e.methods.pop_back();  // no true groups: no reference model
  return e;
}

}  // namespace supclust
