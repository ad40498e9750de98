// Refusals are values (base/refusal.hpp): every check names the field it refuses where it
// knows it, and the message a person reads is composed from the field and the detail. Every
// declared option of every method, refused for a value outside its range, names exactly that
// option; refusals from each layer (kernels, data, generators, cross-validation) name theirs.
#include <gtest/gtest.h>

#include <cmath>

#include "supclust/base/refusal.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/kernels/kmeans1d.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/registry.hpp"

using namespace supclust;

TEST(Refusal, TheMessageIsTheFieldThenTheDetail) {
  EXPECT_TRUE(Refusal().empty());
  EXPECT_FALSE(static_cast<bool>(Refusal()));
  const Refusal q("Q", "must be >= 1 (got 0)");
  EXPECT_TRUE(static_cast<bool>(q));
  EXPECT_EQ(q.message(), "Q: must be >= 1 (got 0)");
  EXPECT_EQ(Refusal("", "aborted").message(), "aborted");
  // Reported as one of an outer input: the outer name, the same detail.
  const Refusal entry = q.as("grid.Q");
  EXPECT_EQ(entry.field, "grid.Q");
  EXPECT_EQ(entry.message(), "grid.Q: must be >= 1 (got 0)");
  EXPECT_TRUE(Refusal().as("grid.Q").empty());
}

TEST(Refusal, EveryDeclaredOptionOutsideItsRangeIsNamed) {
  const auto p = generateE1(40, 6, 2, 0.5, 3);
  const Problem problem{{p.X.data(), p.X.rows(), p.X.cols()}, {p.y.data(), p.y.size()}};
  int checked = 0;
  for (const Method& m : methods()) {
    // Required options get a valid value so that each refusal is about one option alone.
    Params valid;
    for (const OptionSpec& o : m.options)
      if (o.required && (o.kind == OptionKind::Integer || o.kind == OptionKind::Number))
        valid.numbers[o.name] = std::max(2.0, o.min + 1);
    for (const OptionSpec& o : m.options) {
      if (o.kind != OptionKind::Integer && o.kind != OptionKind::Number) continue;
      std::vector<double> bad = {NAN};
      if (std::isfinite(o.min)) bad.push_back(o.minExclusive ? o.min : o.min - 1);
      if (std::isfinite(o.max) && o.max < 1e15) bad.push_back(o.maxExclusive ? o.max : o.max + 1);
      for (double value : bad) {
        Params params = valid;
        params.numbers[o.name] = value;
        const Result r = fit(m.name, problem, params);
        ASSERT_EQ(r.status, Status::InvalidInput) << m.name << "." << o.name << " = " << value;
        EXPECT_EQ(r.field, o.name) << m.name << ": " << r.message;
        EXPECT_EQ(r.message.rfind(o.name + ": ", 0), 0u) << r.message;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 150);
}

TEST(Refusal, EachLayerNamesItsField) {
  EXPECT_EQ(checkKMeans1D(10, 0).field, "Q");
  EXPECT_EQ(checkKMeans1D(0, 3).field, "values");
  GeneratorOptions o;
  o.rho = 1;
  SyntheticProblem g;
  EXPECT_EQ(generate("e1", o, g).field, "rho");
  Params unknown;
  unknown.numbers["bogus"] = 1;
  EXPECT_EQ(generate("e1", unknown, g).field, "bogus");
  // X given as CSR arrays that do not describe a matrix: the array at fault.
  const std::vector<std::int32_t> indptr = {0, 1, 2}, indices = {0, 5};
  const std::vector<double> values = {1, 2};
  EXPECT_EQ(
      checkCsr(2, 3, indptr.data(), indptr.size(), indices.data(), indices.size(), values.data(), values.size()).field,
      "X.indices");
  const auto p = generateE1(40, 6, 2, 0.5, 3);
  const Problem problem{{p.X.data(), p.X.rows(), p.X.cols()}, {p.y.data(), p.y.size()}};
  // Cross-validation: a grid entry at fault is named as one; a fixed option as itself.
  Params fixed;
  fixed.numbers["Q"] = 2;
  const CrossValidationResult entry =
      crossValidate("ihc", problem, fixed, {{"lambda", {1, -1}}}, CrossValidationOptions{});
  EXPECT_EQ(entry.status, Status::InvalidInput);
  EXPECT_EQ(entry.field, "grid.lambda") << entry.message;
  fixed.numbers["maxIterations"] = -3;
  const CrossValidationResult base = crossValidate("ihc", problem, fixed, {{"lambda", {1}}}, CrossValidationOptions{});
  EXPECT_EQ(base.field, "maxIterations") << base.message;
  CrossValidationOptions folds;
  folds.folds = 1;
  EXPECT_EQ(crossValidate("ihc", problem, {}, {{"Q", {2}}}, folds).field, "folds");
}
