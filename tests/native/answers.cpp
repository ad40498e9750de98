// Prints the native library's answers on a fixed set of seeded problems as JSON, so that the
// wasm builds can be checked against them (tests/web/native-agreement.test.ts).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "supclust/base/json.hpp"
#include "supclust/experiments/synthetic.hpp"
#include "supclust/kernels/kmeans1d.hpp"
#include "supclust/kernels/clique_fusion.hpp"
#include "supclust/kernels/owl.hpp"
#include "supclust/kernels/sparse_groups.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"

using namespace supclust;

namespace {
JsonWriter j;  // the answers, printed once complete
// The values [begin, end) as an array, every bit kept.
template <class It>
void array(It begin, It end) {
  j.beginArray();
  for (It it = begin; it != end; ++it) j.value(static_cast<double>(*it));
  j.endArray();
}
template <class C>
void array(const C& c) {
  array(c.data(), c.data() + c.size());
}
// A fit's status, iterations and objective (the fields every record starts with, after its method).
void outcome(const Result& r) {
  j.field("status", statusName(r.status)).field("iterations", r.iterations).field("objective", r.objective);
}
}  // namespace

int main() {
  struct Case {
    std::string method;
    Params params;
  };
  j.beginObject().key("problems").beginArray();
  for (int seed = 1; seed <= 3; ++seed)
    for (int n : {60, 150}) {
      const SyntheticProblem p = generateE1(n, 100, 5, 0.5, static_cast<std::uint64_t>(seed));
      const Problem prob{{p.X.data(), p.X.rows(), p.X.cols()}, {p.y.data(), p.y.size()}};
      std::vector<Case> cases(25);
      cases[0] = {"ridge", {}};
      cases[0].params.numbers = {{"lambda", 0.1}};
      cases[1] = {"lsk", {}};
      cases[1].params.numbers = {{"Q", 5}};
      cases[2] = {"lsk", {}};
      cases[2].params.numbers = {{"Q", 5}, {"lambda", 0.01}};
      cases[2].params.flags = {{"refit", true}};
      cases[3] = {"ihc", {}};
      cases[3].params.numbers = {{"Q", 5}};
      cases[4] = {"ihc", {}};
      cases[4].params.numbers = {{"Q", 5}, {"lambda", 0.01}};
      cases[4].params.strings = {{"init", "zero"}};
      cases[5] = {"ihcs", {}};
      cases[5].params.numbers = {{"Q", 4}, {"s", 50}};
      cases[6] = {"oracle", {}};
      cases[6].params.labels = {{"groups", p.groups}};
      cases[7] = {"lasso", {}};
      cases[7].params.numbers = {{"lambda", 0.5}};
      cases[8] = {"elasticnet", {}};
      cases[8].params.numbers = {{"lambda", 0.5}, {"alpha", 0.5}};
      cases[9] = {"oscar", {}};
      cases[9].params.numbers = {{"lambda1", 0.2}, {"lambda2", 0.01}};
      cases[10] = {"iht", {}};
      cases[10].params.numbers = {{"s", 30}};
      cases[11] = {"cgpg", {}};
      cases[11].params.numbers = {{"Q", 5}, {"lambda", 0.05}, {"cgIterations", 100}};
      cases[12] = {"lsk", {}};
      cases[12].params.numbers = {{"Q", 5}, {"lambda", 0.1}};
      cases[12].params.strings = {{"loss", "logistic"}};
      cases[13] = {"ihc", {}};
      cases[13].params.numbers = {{"Q", 3}, {"lambda", 0.01}};
      cases[13].params.strings = {{"loss", "ova-squared"}};
      cases[14] = {"gflasso", {}};
      cases[14].params.numbers = {{"lambda1", 0.2}, {"lambda2", 0.002}};
      cases[16] = {"dfg", {}};
      cases[16].params.numbers = {{"lambda1", 0.2}, {"lambda2", 0.0005}};
      cases[15] = {"ncfgs", {}};
      cases[15].params.numbers = {{"lambda1", 0.2}, {"lambda2", 0.002}, {"dcTolerance", 1e-12}};
      cases[17] = {"nctfgs", {}};
      cases[17].params.numbers = {{"lambda1", 0.2}, {"lambda2", 0.002}, {"tau", 1}, {"dcTolerance", 1e-12}};
      // ADFG to a 1e-9 certificate (its default, 1e-6, does not pin the coefficients to the 1e-7 at
      // which the builds are compared once Anderson acceleration lets their trajectories part).
      cases[18] = {"adfg", {}};
      cases[18].params.numbers = {
          {"lambda1", 0.2}, {"lambda2", 0.002}, {"lambda3", 0.0001}, {"gamma", 1}, {"tolerance", 1e-9}};
      cases[19] = {"dfg", {}};
      cases[19].params.numbers = {{"lambda1", 0.02}, {"lambda2", 0.0005}};
      cases[19].params.strings = {{"loss", "logistic"}};
      cases[20] = {"gflasso", {}};
      cases[20].params.numbers = {{"lambda1", 0.2}, {"lambda2", 0.05}};
      for (int j = 0; j + 1 < 100; ++j)
        cases[20].params.labels["graph"].insert(cases[20].params.labels["graph"].end(), {j, j + 1});
      // From w = 0: the ridge start ('best' tries it too) is a least-squares fit whose last bits
      // differ between the builds, and from there TRON agrees only to its 1e-10 stop.
      cases[21] = {"gem", {}};
      cases[21].params.numbers = {{"gamma", 0.05}};
      cases[21].params.strings = {{"init", "gradient"}};
      cases[22] = {"lem", {}};
      cases[22].params.numbers = {{"gamma", 0.05}};
      cases[23] = {"gem", {}};
      cases[23].params.numbers = {{"gamma", 0.1}, {"lambda", 0.01}};
      cases[23].params.strings = {{"loss", "logistic"}};
      cases[24] = {"gem", {}};
      cases[24].params.numbers = {{"gamma", 0.05}};
      cases[24].params.strings = {{"algorithm", "paper"}};
      cases[18].params.labels["graph"] = cases[20].params.labels["graph"];  // a chain: 98 triples, not 485 100
      j.beginObject().field("seed", seed).field("n", n).key("fits").beginArray();
      for (std::size_t c = 0; c < cases.size(); ++c) {
        // Classification cases read labels derived from y: sign for logistic, terciles for one-vs-all.
        Vector labels = p.y;
        const std::string loss = cases[c].params.strings.count("loss") ? cases[c].params.strings.at("loss") : "squared";
        if (loss == "logistic") labels = (p.y.array() > 0).cast<double>();
        if (loss == "ova-squared") labels = p.y.unaryExpr([](double v) { return v > 5 ? 2.0 : v > -5 ? 1.0 : 0.0; });
        const Problem used{prob.X, {labels.data(), labels.size()}};
        const Result r = fit(cases[c].method, used, cases[c].params);
        j.beginObject().field("method", cases[c].method);
        outcome(r);
        j.field("intercept", r.intercept[0]).field("outputs", static_cast<int>(r.coef.cols())).key("intercepts");
        array(r.intercept.data(), r.intercept.data() + r.intercept.size());
        j.key("coef");
        array(r.coef.data(), r.coef.data() + r.coef.size());  // column-major d x K
        j.key("groups");
        array(r.groups);
        j.endObject();
      }
      const KMeans1DResult km = kmeans1d(p.y.data(), p.y.size(), 4);
      const SparseGroupsResult sg = projectSparseGroups(p.y.data(), p.y.size(), 20, 3);
      j.endArray().key("kmeans").beginObject().field("sse", km.sse).key("labels");
      array(km.labels);
      j.key("centroids");
      array(km.centroids);
      j.endObject().key("sparse").beginObject().key("values");
      array(sg.values);
      j.endObject();
      std::vector<double> owl(p.y.size());
      const auto weights = oscarWeights(static_cast<std::size_t>(p.y.size()), 0.5, 0.05);
      OwlProx().apply(p.y.data(), owl.size(), weights.data(), owl.data());
      j.key("owl");
      array(owl);
      std::vector<double> fusion(p.y.size());
      CliqueFusionProx().apply(p.y.data(), fusion.size(), 0.5, 0.05, fusion.data());
      j.key("cliqueFusion");
      array(fusion);
      j.key("y");
      array(p.y);
      j.endObject();
    }
  // A sparse design (CSR): E1's X with the entries below 1 in magnitude dropped (about 68%).
  {
    const SyntheticProblem p = generateE1(80, 60, 4, 0.5, 9);
    std::vector<std::int32_t> indptr{0}, indices;
    std::vector<double> values;
    for (Eigen::Index i = 0; i < p.X.rows(); ++i) {
      for (Eigen::Index j = 0; j < p.X.cols(); ++j)
        if (std::abs(p.X(i, j)) >= 1) {
          indices.push_back(static_cast<std::int32_t>(j));
          values.push_back(p.X(i, j));
        }
      indptr.push_back(static_cast<std::int32_t>(values.size()));
    }
    const Vector binary = (p.y.array() > p.y.mean()).cast<double>();
    j.endArray().key("sparseProblem").beginObject().field("nRows", 80).field("nCols", 60).key("indptr");
    array(indptr);
    j.key("indices");
    array(indices);
    j.key("values");
    array(values);
    j.key("y");
    array(p.y);
    j.key("fits").beginArray();
    std::vector<Case> cases(6);
    cases[0] = {"ridge", {}};
    cases[0].params.numbers = {{"lambda", 0.1}};
    cases[1] = {"lasso", {}};
    cases[1].params.numbers = {{"lambda", 0.2}};
    cases[2] = {"ihc", {}};
    cases[2].params.numbers = {{"Q", 4}};
    cases[3] = {"oscar", {}};
    cases[3].params.numbers = {{"lambda1", 0.2}, {"lambda2", 0.01}};
    cases[4] = {"lsk", {}};
    cases[4].params.numbers = {{"Q", 3}, {"lambda", 0.1}};
    cases[4].params.strings = {{"loss", "logistic"}};
    cases[5] = {"elasticnet", {}};
    cases[5].params.numbers = {{"lambda", 0.02}, {"alpha", 0.5}};
    cases[5].params.strings = {{"loss", "logistic"}};
    for (std::size_t c = 0; c < cases.size(); ++c) {
      const bool classify = cases[c].params.strings.count("loss") > 0;
      const Problem prob{{80, 60, indptr.data(), indices.data(), values.data()},
                         {classify ? binary.data() : p.y.data(), p.y.size()}};
      const Result r = fit(cases[c].method, prob, cases[c].params);
      j.beginObject().field("method", cases[c].method);
      outcome(r);
      j.field("intercept", r.intercept[0]).key("coef");
      array(r.coef.data(), r.coef.data() + r.coef.size());
      j.key("groups");
      array(r.groups);
      j.endObject();
    }
    j.endArray().endObject();
  }
  // Experts (kind 'experts'): a mixture of 3 regressions with 5 noise dimensions.
  {
    GeneratorOptions o;
    o.n = 150;
    o.d = 5;
    o.Q = 3;
    o.sigma = 0.3;
    o.noiseDims = 5;
    o.seed = 3;
    SyntheticProblem p;
    generate("experts", o, p);
    const Problem prob{{p.X.data(), p.X.rows(), p.X.cols()}, {p.y.data(), p.y.size()}};
    j.key("expertsProblem").beginObject().key("fits").beginArray();
    // The sixth: experts-am with three rounds of column screening on 4 of the 10 columns.
    const char* methods[] = {"experts-am",     "experts-pg", "experts-cg", "experts-rc",
                             "experts-oracle", "experts-am", "experts-em"};
    for (int c = 0; c < 7; ++c) {
      Params params;
      params.numbers = {{"Q", 3}, {"lambda", 0.01}};
      if (c != 4) params.numbers["seed"] = 2;
      else params.labels["groups"] = p.groups;
      if (c == 5) {
        params.numbers["screen"] = 3;
        params.numbers["screenColumns"] = 4;
      }
      const Result r = fit(methods[c], prob, params);
      j.beginObject().field("method", methods[c]);
      outcome(r);
      j.key("intercepts");
      array(r.intercept.data(), r.intercept.data() + r.intercept.size());
      j.key("coef");
      array(r.coef.data(), r.coef.data() + r.coef.size());  // column-major d x Q
      j.key("groups");
      array(r.groups);
      j.key("gateCoef");
      array(r.gate.coef.data(), r.gate.coef.data() + r.gate.coef.size());  // column-major d x Q
      j.key("gateIntercept");
      array(r.gate.intercept.data(), r.gate.intercept.data() + r.gate.intercept.size());
      j.key("variances");
      array(r.variances.data(), r.variances.data() + r.variances.size());
      j.endObject();
    }
    j.endArray().endObject();
  }
  // Clustered tasks (kind 'tasks'): 6 classes in 3 clusters, every tasks method; on the same data,
  // classifying experts (LwCS §7.1.2): 2 one-vs-all logistic experts over the 6 classes, by AM
  // and by PG (then AM).
  {
    GeneratorOptions o;
    o.n = 200;
    o.d = 8;
    o.Q = 3;
    o.tasks = 6;
    o.sigma = 1;
    o.seed = 4;
    SyntheticProblem p;
    generate("tasks", o, p);
    const Problem prob{{p.X.data(), p.X.rows(), p.X.cols()}, {p.y.data(), p.y.size()}};
    j.key("tasksProblem").beginObject().key("fits").beginArray();
    struct TaskCase {
      const char* method;
      const char* loss;
      const char* option;
      double value;
    };
    const TaskCase cases[] = {{"tasks-ssc", "ova-logistic", "within", 0.05},
                              {"tasks-cg", "ova-squared", "within", 0.05},
                              {"tasks-pg", "ova-logistic", "between", 1e-3},
                              {"tasks-frobenius", "ova-logistic", "lambda", 1e-2},
                              {"tasks-trace", "ova-squared", "mu", 1e-2}};
    for (std::size_t c = 0; c < 5; ++c) {
      Params params;
      params.strings["loss"] = cases[c].loss;
      params.numbers[cases[c].option] = cases[c].value;
      if (c < 3) params.numbers["Q"] = 3;
      const Result r = fit(cases[c].method, prob, params);
      j.beginObject()
          .field("method", cases[c].method)
          .field("loss", cases[c].loss)
          .field("option", cases[c].option)
          .field("value", cases[c].value);
      outcome(r);
      j.key("intercepts");
      array(r.intercept.data(), r.intercept.data() + r.intercept.size());
      j.key("coef");
      array(r.coef.data(), r.coef.data() + r.coef.size());  // column-major d x K
      j.key("centroids");
      array(r.centroids.data(), r.centroids.data() + r.centroids.size());  // column-major Q x d
      j.key("groups");
      array(r.groups);
      j.endObject();
    }
    j.endArray().endObject();
    j.key("classifyingExperts").beginArray();
    for (const char* method : {"experts-am", "experts-pg"}) {
      Params params;
      params.strings["loss"] = "ova-logistic";
      params.numbers = {{"Q", 2}, {"lambda", 0.01}, {"seed", 2}, {"restarts", 3}};
      const Result r = fit(method, prob, params);
      j.beginObject().field("method", method);
      outcome(r);
      j.key("intercepts");
      array(r.intercept.data(), r.intercept.data() + r.intercept.size());
      j.key("coef");
      array(r.coef.data(), r.coef.data() + r.coef.size());  // column-major d x (Q·K)
      j.key("groups");
      array(r.groups);
      j.endObject();
    }
    j.endArray();
  }
  // IHC on large sparse designs (50 non-zeros a row), from a generator the web test repeats in
  // TypeScript (tests/web/builds-agree.test.ts): the builds and native must agree here too.
  j.key("largeSparseIhc").beginArray();
  for (int d : {30000, 100000}) {
    const int n = 1000, perRow = 50;
    std::uint64_t state = 12345;
    const auto next = [&state] {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      return state;
    };
    const auto uniform = [&next] { return static_cast<double>(next() >> 11) / 9007199254740992.0 * 2 - 1; };
    std::vector<std::int32_t> indptr{0}, indices;
    std::vector<double> values;
    Vector y(n);
    for (int i = 0; i < n; ++i) {
      std::vector<std::int32_t> row;
      while (static_cast<int>(row.size()) < perRow) {
        const auto c = static_cast<std::int32_t>(next() % static_cast<std::uint64_t>(d));
        if (std::find(row.begin(), row.end(), c) == row.end()) row.push_back(c);
      }
      std::sort(row.begin(), row.end());
      double sum = 0;
      for (std::int32_t c : row) {
        const double v = uniform();
        indices.push_back(c);
        values.push_back(v);
        sum += v * static_cast<double>(c % 3 - 1);
      }
      indptr.push_back(static_cast<std::int32_t>(indices.size()));
      y[i] = sum + 0.1 * uniform();
    }
    Params params;
    params.numbers = {{"Q", 3}, {"lambda", 1e-3}};
    const Result r =
        fit("ihc", {DataMatrix(n, d, indptr.data(), indices.data(), values.data()), {y.data(), n}}, params);
    j.beginObject().field("nCols", d).field("iterations", r.iterations).field("objective", r.objective).key("coef");
    array(r.coef.data(), r.coef.data() + r.coef.size());
    j.endObject();
  }
  j.endArray().key("generators").beginObject();
  for (const std::string& name : generatorNames()) {
    GeneratorOptions o;
    o.n = 30;
    o.nTest = 5;
    o.nValidation = 4;
    o.sigma = 1.5;
    o.Q = name == "e2" ? 10 : 5;
    SyntheticProblem p;
    generate(name, o, p);
    j.key(name).beginObject().key("X");
    array(p.X.data(), p.X.data() + p.X.size());
    j.key("y");
    array(p.y);
    j.key("ytest");
    array(p.ytest);
    j.endObject();
  }
  j.endObject().endObject();
  std::printf("%s\n", j.text().c_str());
  return 0;
}
