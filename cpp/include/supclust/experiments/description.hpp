// The library described as data, for info() and everything generated from it (the TypeScript
// types and wire types, the API reference's tables, the demo's labels and defaults): every
// method with its family, options and flags; the papers' tables; the generators', cross-
// validation's and experiments' declared options; the limits and the loss taxonomy.
#pragma once

#include <string>

namespace supclust {

// One JSON object: { addressableBytes, methods, experiments, generators, requests, limits,
// losses } (docs/api.md, "info").
std::string describeLibrary();

}  // namespace supclust
