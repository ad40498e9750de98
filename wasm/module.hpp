// What the two wasm modules share from bindings.cpp, and what each module's own file answers:
// the datasets the caller holds, and whether the module runs experiment() (core_module.cpp: no,
// library_module.cpp: yes).
#pragma once

#include "supclust/methods/held_datasets.hpp"

// The datasets the caller holds in this module instance (sc.dataset()), by the caller's ids.
supclust::HeldDatasets& callerDatasets();

// Whether this module runs the papers' tables (contents().experiment).
bool runsExperiments();
