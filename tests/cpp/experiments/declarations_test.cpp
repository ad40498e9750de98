// The request structs' initial values (what C++ callers get without the schema) are the
// defaults their schemas declare, so a C++ caller and a JavaScript caller get the same call.
#include <gtest/gtest.h>

#include "supclust/experiments/experiment.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/cross_validation.hpp"

using namespace supclust;

namespace {
template <class T>
T declaredDefaults(const Schema<T>& schema, Params given = {}) {
  T t{};
  EXPECT_EQ(schema.read(given, t).message(), "");
  return t;
}
}  // namespace

TEST(Declarations, CrossValidationDefaultsAreTheStructs) {
  const CrossValidationOptions declared = declaredDefaults(crossValidationSchema()), plain;
  EXPECT_EQ(declared.folds, plain.folds);
  EXPECT_EQ(declared.seed, plain.seed);
  EXPECT_EQ(declared.metric, plain.metric);
  EXPECT_EQ(declared.threads, plain.threads);
  EXPECT_EQ(declared.chunk, plain.chunk);
}

TEST(Declarations, ExperimentDefaultsAreTheStructs) {
  Params reps;
  reps.numbers["reps"] = 3;  // required: the table's own, supplied by the caller
  const ExperimentOptions declared = declaredDefaults(experimentSchema(), reps), plain;
  EXPECT_EQ(declared.seed, plain.seed);
  EXPECT_EQ(declared.fast, plain.fast);
  EXPECT_EQ(declared.threads, plain.threads);
  EXPECT_EQ(declared.shardIndex, plain.shardIndex);
  EXPECT_EQ(declared.shardCount, plain.shardCount);
}

TEST(Declarations, GeneratorStructHoldsTheSharedDefaults) {
  // E1 declares the shared defaults of the fields it reads (n is required there).
  Params n;
  n.numbers["n"] = 100;
  const GeneratorOptions declared = declaredDefaults(*generatorSchema("e1"), n), plain;
  EXPECT_EQ(declared.n, plain.n);
  EXPECT_EQ(declared.d, plain.d);
  EXPECT_EQ(declared.Q, plain.Q);
  EXPECT_EQ(declared.sigma, plain.sigma);
  EXPECT_EQ(declared.seed, plain.seed);
  EXPECT_EQ(declared.nTest, plain.nTest);
  EXPECT_EQ(declared.rho, plain.rho);
  EXPECT_EQ(declared.task, plain.task);
  const GeneratorOptions experts = declaredDefaults(*generatorSchema("experts"));
  EXPECT_EQ(experts.noiseDims, plain.noiseDims);
  EXPECT_EQ(experts.noiseSigma, plain.noiseSigma);
  const GeneratorOptions tasks = declaredDefaults(*generatorSchema("tasks"));
  EXPECT_EQ(tasks.tasks, plain.tasks);
  EXPECT_EQ(tasks.taskSpread, plain.taskSpread);
  const GeneratorOptions e5 = declaredDefaults(*generatorSchema("e5"));
  EXPECT_EQ(e5.dataset, plain.dataset);
}
