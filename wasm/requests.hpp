// The protocol's requests: each call's one object, its fields and their wire types — the one
// declaration of what crosses into the module. The library module's requests() returns it as JSON;
// scripts/generate-types.mjs writes web/src/protocol.generated.ts (the Request union and the
// shapes its fields name) from it, and tests/web/declarations.test.ts holds the fields each
// binding reads (r["…"] in bindings.cpp, CallData's in marshal.hpp) equal to it.
//
// A field's type is a small language the generator reads: a primitive (text, number, flag:
// boolean, numbers: Float64Array, ints: Int32Array, texts: string[], options: an options object), a shape declared
// below, a quoted literal, T[] for a list of T, and alternatives joined by " | ".
#pragma once

#include <string>
#include <vector>

namespace supclust::wire {

struct Field {
  const char* name;
  const char* type;
  bool optional = false;
};
struct Shape {
  const char* name;
  std::vector<Field> fields;
};

// The shapes requests' fields name (the generator writes each as an interface).
inline const std::vector<Shape>& shapes() {
  static const std::vector<Shape> all = {
      {"csr", {{"indptr", "ints"}, {"indices", "ints"}, {"values", "numbers"}}},
      // A dataset's arrays as the module stores them (hold), sent once per worker with the first
      // call that names the dataset.
      {"upload", {{"dataset", "number"}, {"X", "numbers | csr"}, {"nRows", "number"}, {"nCols", "number"}}},
      // A previous model's coefficients, column-major nFeatures × K, and its K intercepts.
      {"warmStart", {{"coef", "numbers"}, {"intercept", "numbers"}}},
      // A model as a prediction reads it: coefficients row-major nFeatures × K, the classifier's
      // class count (0: none), whether its scores are read one-vs-all, its loss (for a score), and
      // an experts model's gate (row-major nFeatures × Q and Q intercepts; empty: none), and whether
      // it was fitted with row offsets (a prediction then takes the rows').
      {"predictor",
       {{"kind", "text"},
        {"coef", "numbers"},
        {"intercept", "numbers"},
        {"classes", "number"},
        {"oneVsAll", "flag"},
        {"loss", "text"},
        {"gateCoef", "numbers"},
        {"gateIntercept", "numbers"},
        {"offset", "flag"}}},
      {"grid", {{"names", "texts"}, {"values", "numbers[]"}}},
      {"experimentData", {{"X", "numbers | csr"}, {"nRows", "number"}, {"nCols", "number"}, {"y", "numbers"}}},
  };
  return all;
}

// The requests, by the name of the module's function that reads each.
inline const std::vector<Shape>& requests() {
  // A call's data: X as arrays (dense row-major or CSR) or a held dataset's id, its targets, the
  // rows' observation weights and their offsets.
  const auto data = [](std::vector<Field> more, bool targets = true) {
    std::vector<Field> f = {
        {"X", "numbers | csr | number"}, {"nRows", "number"},           {"nCols", "number"},
        {"y", "numbers", !targets},      {"yCols", "number", !targets}, {"weights", "numbers", true},
        {"offset", "numbers", true}};
    f.push_back({"upload", "upload", true});
    f.insert(f.end(), more.begin(), more.end());
    return f;
  };
  static const std::vector<Shape> all = {
      {"kmeans1d", {{"values", "numbers"}, {"Q", "number"}}},
      {"projectSparseGroups", {{"values", "numbers"}, {"s", "number"}, {"Q", "number"}}},
      {"proxOwl", {{"values", "numbers"}, {"weights", "numbers"}}},
      {"proxCliqueFusion", {{"values", "numbers"}, {"lambda1", "number"}, {"lambda2", "number"}}},
      {"hold", {{"dataset", "number"}, {"upload", "upload", true}}},
      {"release", {{"dataset", "number"}}},
      {"fit", data({{"method", "text"}, {"options", "options"}, {"warmStart", "warmStart", true}})},
      {"predict",
       data({{"model", "predictor"}, {"answer", "'scores' | 'probabilities' | 'classes' | 'experts' | 'answers'"}},
            false)},
      {"score", data({{"model", "predictor"}, {"metric", "text"}})},
      {"crossValidate", data({{"method", "text"}, {"options", "options"}, {"grid", "grid"}, {"settings", "options"}})},
      {"path", data({{"method", "text"},
                     {"options", "options"},
                     {"sequence", "numbers"},
                     {"settings", "options"},
                     {"over", "text", true}})},
      {"stability", data({{"method", "text"}, {"options", "options"}, {"settings", "options"}})},
      {"generate", {{"name", "text"}, {"options", "options"}}},
      {"experiment",
       {{"id", "text"},
        {"settings", "options"},
        {"methods", "texts"},
        {"data", "experimentData | experimentData[]", true}}},
  };
  return all;
}

// { shapes: { name: [{ name, type, optional }] }, requests: { op: [...] } }, in declaration order.
inline std::string requestsJson() {
  const auto list = [](const std::vector<Shape>& items) {
    std::string out = "{";
    for (const Shape& s : items) {
      out += std::string(out.size() > 1 ? "," : "") + "\"" + s.name + "\":[";
      for (std::size_t k = 0; k < s.fields.size(); ++k)
        out += std::string(k ? "," : "") + "{\"name\":\"" + s.fields[k].name + "\",\"type\":\"" + s.fields[k].type +
               "\",\"optional\":" + (s.fields[k].optional ? "true" : "false") + "}";
      out += "]";
    }
    return out + "}";
  };
  return "{\"shapes\":" + list(shapes()) + ",\"requests\":" + list(requests()) + "}";
}

}  // namespace supclust::wire
