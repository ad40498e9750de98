// The field a refusal names. Every check in the library writes its message in one of three
// forms, and the field is read from that form here, once, for everything that reports a
// refusal across the API (the wasm module sends { status, field, message }):
//   "<field>: …"                                      ("y: has 3 classes; …", "shard.index: …")
//   "… option '<field>' …"                             ("option 'Q' of method 'ihc' must be …")
//   "<field> …"                                       ("X must be finite (…)")
#pragma once

#include <string>

namespace supclust {

// The field named by a refusal's message ("" when it names none).
std::string fieldNamedBy(const std::string& message);

}  // namespace supclust
