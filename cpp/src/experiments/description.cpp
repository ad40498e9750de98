#include "supclust/experiments/description.hpp"

#include <cmath>

#include "supclust/base/fit_cache.hpp"
#include "supclust/base/json.hpp"
#include "supclust/core/loss.hpp"
#include "supclust/experiments/experiment.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/path.hpp"
#include "supclust/methods/stability.hpp"
#include "supclust/methods/registry.hpp"
#include "supclust/solvers/least_squares.hpp"

namespace supclust {

namespace {

void writeSpec(JsonWriter& j, const OptionSpec& s) {
  static const char* kinds[] = {"number", "integer", "boolean", "choice", "labels", "edges", "numbers"};
  j.beginObject()
      .field("name", s.name)
      .field("kind", kinds[static_cast<int>(s.kind)])
      .field("doc", s.doc)
      .field("required", s.required);
  if (s.kind == OptionKind::Choice) {
    j.field("default", s.defaultChoice).key("choices").array(s.choices);
  } else if (s.kind == OptionKind::Boolean) {
    j.field("default", s.defaultNumber != 0);
  } else if (s.kind != OptionKind::Labels && s.kind != OptionKind::Edges && s.kind != OptionKind::Numbers &&
             !s.required) {
    j.field("default", s.defaultNumber);
  }
  if (std::isfinite(s.min)) j.field("min", s.min);
  if (std::isfinite(s.max)) j.field("max", s.max);
  if (s.minExclusive) j.field("minExclusive", true);
  if (s.maxExclusive) j.field("maxExclusive", true);
  if (s.degree != 0) j.field("degree", s.degree);
  if (s.suggestedFactor > 0)
    j.key("suggested").beginObject().field("factor", s.suggestedFactor).field("power", s.suggestedPower).endObject();
  j.endObject();
}

void writeSpecs(JsonWriter& j, const std::vector<OptionSpec>& specs) {
  j.beginArray();
  for (const OptionSpec& s : specs) writeSpec(j, s);
  j.endArray();
}

void writeMethods(JsonWriter& j) {
  j.beginArray();
  for (const Method& m : methods()) {
    j.beginObject().field("name", m.name).field("summary", m.summary).key("options");
    writeSpecs(j, m.options);
    j.key("memory")
        .beginObject()
        .field("design", m.memory.design)
        .field("gram", m.memory.gram)
        .field("samplePairs", m.memory.samplePairs)
        .endObject();
    j.field("sparse", m.acceptsSparse)
        .field("weights", m.takesWeights)
        .field("kind", kindName(m.kind))
        .field("family", m.family)
        .field("startDependent", m.startDependent)
        .key("pathWeights")
        .array(m.pathWeights);
    j.endObject();
  }
  j.endArray();
}

void writeExperiments(JsonWriter& j) {
  j.beginArray();
  for (const Experiment& e : experiments()) {
    j.beginObject()
        .field("id", e.id)
        .field("title", e.title)
        .field("source", e.source)
        .field("column", e.column)
        .field("dataset", e.dataset)
        .field("vocabulary", e.vocabulary)
        .field("wordsPer", e.wordsPer)
        .field("metric", e.metric);
    j.key("metrics").array(e.metrics);
    j.field("selection", e.selection).field("scale", e.scale);
    j.key("values").array(e.values);
    j.field("reps", e.reps).field("paperReps", e.paperReps);
    j.key("methods").beginArray();
    for (const auto& m : e.methods) j.value(m.label);
    j.endArray().key("rows").beginArray();
    for (const auto& m : e.methods) {
      j.beginObject()
          .field("label", m.label)
          .field("method", m.method)
          .field("onRequest", m.onRequest)
          .key("params")
          .beginObject();
      for (const auto& [name, value] : m.params.numbers) j.field(name, value);
      for (const auto& [name, value] : m.params.strings) j.field(name, value);
      for (const auto& [name, value] : m.params.flags) j.field(name, value);
      j.endObject().key("grid").beginObject();
      for (const auto& [name, values] : m.grid) j.key(name).array(values);
      j.endObject().endObject();
    }
    // The paper's figures, by row label: { mean, std } per column (null where it has none).
    j.endArray().key("paper").beginObject();
    for (const auto& [label, cells] : e.paper) {
      j.key(label).beginArray();
      for (const PaperCell& c : cells) j.beginObject().field("mean", c.mean).field("std", c.std).endObject();
      j.endArray();
    }
    j.endObject().endObject();
  }
  j.endArray();
}

void writeLosses(JsonWriter& j) {
  j.beginArray();
  for (const std::string& name : allLossNames()) {
    const auto loss = makeLoss(name);
    j.beginObject()
        .field("name", name)
        .field("classification", loss->classification())
        .field("oneVsAll", loss->oneVsAll())
        .field("binary", loss->binary())
        .endObject();
  }
  j.endArray();
}

}  // namespace

std::string describeLibrary() {
  JsonWriter j;
  j.beginObject().field("addressableBytes", addressableBytes()).key("methods");
  writeMethods(j);
  j.key("experiments");
  writeExperiments(j);
  j.key("generators").beginObject();
  for (const std::string& name : generatorNames()) j.key(name).array(generatorOptions(name));
  j.endObject();
  j.key("requests").beginObject().key("generators").beginObject();
  for (const std::string& name : generatorNames()) {
    j.key(name);
    writeSpecs(j, generatorSchema(name)->specs());
  }
  j.endObject().key("crossValidation");
  writeSpecs(j, crossValidationSchema().specs());
  j.key("path");
  writeSpecs(j, pathSchema().specs());
  j.key("stability");
  writeSpecs(j, stabilitySchema().specs());
  j.key("experiment");
  writeSpecs(j, experimentSchema().specs());
  j.endObject();
  j.key("limits")
      .beginObject()
      .field("maxInteger", kMaxInteger)
      .field("maxSeed", kMaxSeed)
      .field("sparseGramSide", static_cast<double>(kSparseGramSide))
      .field("fitCacheBytes", static_cast<double>(FitCache::kBytes))
      .field("maxGridPoints", static_cast<double>(kMaxGridPoints))
      .endObject();
  j.key("losses");
  writeLosses(j);
  return j.endObject().text();
}

}  // namespace supclust
