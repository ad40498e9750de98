// The field a refusal names (base/refusal.hpp), read once for every refusal that crosses the API:
// the three message forms by hand, then every declared option of every method, refused for a
// value outside its range, names exactly that option.
#include <gtest/gtest.h>

#include <cmath>

#include "supclust/base/refusal.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/methods/registry.hpp"

using namespace supclust;

TEST(Refusal, TheThreeMessageForms) {
  EXPECT_EQ(fieldNamedBy("y: has 3 classes; the 'logistic' loss is binary"), "y");
  EXPECT_EQ(fieldNamedBy("shard.index: must be between 0 and shard.count − 1 (2)"), "shard.index");
  EXPECT_EQ(fieldNamedBy("option 'Q' of method 'ihc' must be an integer >= 1 (got 0.5)"), "Q");
  EXPECT_EQ(fieldNamedBy("unknown option 'bogus' for generator 'e1' (accepted: n, d)"), "bogus");
  EXPECT_EQ(fieldNamedBy("X must be finite (row 0, column 1 is Infinity)"), "X");
  EXPECT_EQ(fieldNamedBy("data[1].X: must have nRows × nCols entries"), "data");
  // "field: …" wins over a quoted option later in the text.
  EXPECT_EQ(fieldNamedBy("loss: 'ova-logistic' reads one class label per row; see option 'x'"), "loss");
  EXPECT_EQ(fieldNamedBy("data: row 'IHCS' cannot be fitted on these data: option 's' …"), "data");
  EXPECT_EQ(fieldNamedBy(""), "");
  EXPECT_EQ(fieldNamedBy("3 is not a name"), "");
}

TEST(Refusal, EveryDeclaredOptionOutsideItsRangeIsNamed) {
  const auto p = generateE1(40, 6, 2, 0.5, 3);
  const Problem problem{{p.X.data(), p.X.rows(), p.X.cols()}, {p.y.data(), p.y.size()}};
  int checked = 0;
  for (const Method& m : methods()) {
    // Required options get a valid value so that each refusal is about one option alone.
    Params valid;
    for (const OptionSpec& o : m.options)
      if (o.required && (o.kind == OptionKind::Integer || o.kind == OptionKind::Number)) valid.numbers[o.name] = std::max(2.0, o.min + 1);
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
        EXPECT_EQ(fieldNamedBy(r.message), o.name) << m.name << ": " << r.message;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 150);
}
