#include "supclust/experiments/synthetic.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "supclust/base/random.hpp"
#include "supclust/methods/registry.hpp"

namespace supclust {

namespace {
// The size a refusal names when a product of sizes is too large: the largest of them.
std::string largestOf(std::initializer_list<std::pair<const char*, int>> sizes) {
  const auto top =
      std::max_element(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  return top->first;
}
// The widths of the generators whose designs do not follow d (E5's β*, E6's 3 × 50 copies,
// waveform's 21 + 19 attributes).
constexpr int kE5Columns = 40, kE6Columns = 150, kWaveformColumns = 40;
}  // namespace

Refusal checkTask(const std::string& task) {
  if (task.empty() || task == "classification" || task == "regression") return {};
  return Refusal("task", "must be 'classification' or 'regression' (got '" + task + "')");
}

Refusal checkE1(int n, int d, int Q, double sigma, int nTest, double rho) {
  if (!(rho >= 0 && rho < 1)) return Refusal("rho", "must be in [0, 1)");
  if (n < 1) return Refusal("n", "must be >= 1 (got " + std::to_string(n) + ")");
  if (d < 1) return Refusal("d", "must be >= 1 (got " + std::to_string(d) + ")");
  if (Q < 1 || Q > d) return Refusal("Q", "must be between 1 and d (got " + std::to_string(Q) + ")");
  if (!(sigma >= 0) || !std::isfinite(sigma)) return Refusal("sigma", "must be finite and >= 0");
  if (nTest < 0) return Refusal("nTest", "must be >= 0 (got " + std::to_string(nTest) + ")");
  return {};
}

// rho > 0: x_ij = √(1−ρ) z_ij + √ρ u_i with one shared factor u_i per row (corr ρ between any
// two features); classification: y = 1 if xᵀw* + σε > 0, else 0. With ρ = 0 no factor is drawn,
// so the regression data are those of the papers' tables.
SyntheticProblem generateE1(int n, int d, int Q, double sigma, std::uint64_t seed, int nTest, CoefValues coefValues,
                            double rho, bool classification) {
  Random rng(seed);
  SyntheticProblem p;
  const bool even = coefValues == CoefValues::EvenUnitNorm;
  std::vector<double> values(static_cast<std::size_t>(Q));
  for (int q = 0; q < Q; ++q) values[q] = even ? (Q == 1 ? 1.0 : -1 + 2.0 * q / (Q - 1)) : rng.uniform(-15, 15);
  std::sort(values.begin(), values.end());
  p.groups.assign(static_cast<std::size_t>(d), 0);
  for (;;) {  // rejection: every group must be used (rarely repeats unless Q is close to d)
    std::vector<bool> used(static_cast<std::size_t>(Q), false);
    for (auto& g : p.groups) used[g = static_cast<std::int32_t>(rng.below(Q))] = true;
    if (std::all_of(used.begin(), used.end(), [](bool u) { return u; })) break;
  }
  p.coef.resize(d);
  for (int j = 0; j < d; ++j) p.coef[j] = values[p.groups[j]];
  if (even) {  // a plain loop, not Eigen's SIMD norm: bit-identical natively and in wasm
    double squares = 0;
    for (int j = 0; j < d; ++j) squares += p.coef[j] * p.coef[j];
    p.coef /= std::sqrt(squares);
  }
  auto draw = [&](int rows, RowMatrix& X, Vector& y) {
    X.resize(rows, d);
    const double own = std::sqrt(1 - rho), shared = std::sqrt(rho);
    for (int i = 0; i < rows; ++i) {
      const double u = rho > 0 ? shared * rng.normal() : 0;
      for (int j = 0; j < d; ++j) X(i, j) = rho > 0 ? own * rng.normal() + u : rng.normal();
    }
    // A plain loop in a fixed order (not Eigen's SIMD kernels): bit-identical natively and in wasm.
    y.resize(rows);
    for (int i = 0; i < rows; ++i) {
      double s = 0;
      for (int j = 0; j < d; ++j) s += X(i, j) * p.coef[j];
      y[i] = s + sigma * rng.normal();
      if (classification) y[i] = y[i] > 0 ? 1 : 0;
    }
  };
  draw(n, p.X, p.y);
  draw(nTest, p.Xtest, p.ytest);
  return p;
}

Refusal e5Covariance(int dataset, Vector& beta, Matrix& S) {
  const double values[2][4] = {{3, 2.8, 2, 0}, {2.8, 2.6, 2.4, 0}};
  beta.resize(kE5Columns);
  for (int j = 0; j < kE5Columns; ++j) beta[j] = values[dataset == 2 ? 1 : 0][j / 10];
  S.resize(kE5Columns, kE5Columns);
  for (int i = 0; i < kE5Columns; ++i)
    for (int j = 0; j < kE5Columns; ++j)
      S(i, j) = i == j ? 1.0 : beta[i] == beta[j] ? 0.9 : std::pow(0.25, std::abs(beta[i] - beta[j]));
  const Eigen::SelfAdjointEigenSolver<Matrix> eig(S, Eigen::EigenvaluesOnly);
  if (!(eig.eigenvalues().minCoeff() > 0))
    return Refusal("dataset", "the E5 covariance of dataset " + std::to_string(dataset) + " is not positive definite");
  return {};
}

namespace {
void standardNormals(Random& rng, RowMatrix& X, int rows, int cols) {
  X.resize(rows, cols);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = rng.normal();
}

// Cholesky factor by plain loops (not Eigen's blocked kernels): bit-identical in wasm.
Matrix cholesky(const Matrix& S) {
  const Eigen::Index d = S.rows();
  Matrix L = Matrix::Zero(d, d);
  for (Eigen::Index j = 0; j < d; ++j) {
    double s = S(j, j);
    for (Eigen::Index k = 0; k < j; ++k) s -= L(j, k) * L(j, k);
    L(j, j) = std::sqrt(s);
    for (Eigen::Index i = j + 1; i < d; ++i) {
      double t = S(i, j);
      for (Eigen::Index k = 0; k < j; ++k) t -= L(i, k) * L(j, k);
      L(i, j) = t / L(j, j);
    }
  }
  return L;
}

// Rows of N(0, S) (L Lᵀ = S) and y = X β + N(0, σ²), with plain loops in a fixed order.
void correlatedRows(Random& rng, const Matrix& L, const Vector& beta, double sigma, int rows, RowMatrix& X, Vector& y) {
  RowMatrix Z;
  standardNormals(rng, Z, rows, static_cast<int>(L.rows()));
  X.resize(rows, L.rows());
  for (int i = 0; i < rows; ++i)
    for (Eigen::Index j = 0; j < L.rows(); ++j) {
      double s = 0;
      for (Eigen::Index k = 0; k <= j; ++k) s += Z(i, k) * L(j, k);
      X(i, j) = s;
    }
  y.resize(rows);
  for (int i = 0; i < rows; ++i) {
    double s = 0;
    for (Eigen::Index j = 0; j < beta.size(); ++j) s += X(i, j) * beta[j];
    y[i] = s + sigma * rng.normal();
  }
}

void hiddenVariableRows(Random& rng, bool classification, double sigma, int rows, RowMatrix& X, Vector& y) {
  const double A[3] = {-5, -1, 3};
  X.resize(rows, kE6Columns);
  y.resize(rows);
  for (int i = 0; i < rows; ++i) {
    double H[3], z = 0;
    for (int k = 0; k < 3; ++k) z += A[k] * (H[k] = rng.normal());
    for (int k = 0; k < 3; ++k)
      for (int c = 0; c < 50; ++c) X(i, 50 * k + c) = H[k] + rng.normal();
    y[i] = classification ? (z > 0 ? 1.0 : 0.0) : z + sigma * rng.normal();
  }
}

void waveformRows(Random& rng, int rows, RowMatrix& X, Vector& y) {
  const int peaks[3][2] = {{7, 15}, {11, 7}, {11, 15}};
  X.resize(rows, kWaveformColumns);
  y.resize(rows);
  for (int r = 0; r < rows; ++r) {
    const int c = static_cast<int>(rng.below(3));
    const double u = rng.uniform();
    for (int i = 1; i <= 21; ++i) {
      const double a = std::max(6.0 - std::abs(i - peaks[c][0]), 0.0),
                   b = std::max(6.0 - std::abs(i - peaks[c][1]), 0.0);
      X(r, i - 1) = u * a + (1 - u) * b + rng.normal();
    }
    for (int i = 21; i < 40; ++i) X(r, i) = rng.normal();
    y[r] = c;
  }
}

// Mixture-of-regressions rows: each sample's expert uniform over Q, x = (N(0, I_d), N(0, σ_d² I_dn)),
// y = v_qᵀ x_intrinsic + N(0, σ²).
void expertRows(Random& rng, const Matrix& V, int noiseDims, double noiseSigma, double sigma, int n, RowMatrix& X,
                Vector& y, Labels& labels) {
  const auto d = static_cast<int>(V.rows()), Q = static_cast<int>(V.cols());
  X.resize(n, d + noiseDims);
  y.resize(n);
  labels.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const auto q = static_cast<int>(rng.below(static_cast<std::uint64_t>(Q)));
    labels[static_cast<std::size_t>(i)] = q;
    for (int j = 0; j < d; ++j) X(i, j) = rng.normal();
    for (int j = 0; j < noiseDims; ++j) X(i, d + j) = noiseSigma * rng.normal();
    double signal = 0;  // summed in order: the same bits natively and in wasm
    for (int j = 0; j < d; ++j) signal += X(i, j) * V(j, q);
    y[i] = signal + sigma * rng.normal();
  }
}

// Rows x ~ N(0, I_d) labelled by the Gumbel-max of the class scores xᵀW (see synthetic.hpp).
void taskRows(Random& rng, const Matrix& W, double sigma, int n, RowMatrix& X, Vector& y) {
  standardNormals(rng, X, n, static_cast<int>(W.rows()));
  y.resize(n);
  for (int i = 0; i < n; ++i) {
    const Vector scores = W.transpose() * X.row(i).transpose();
    Eigen::Index best = 0;
    double top = -HUGE_VAL;
    for (Eigen::Index k = 0; k < scores.size(); ++k) {
      const double u = std::max(rng.uniform(), 1e-300);
      const double s = scores[k] - sigma * std::log(-std::log(u));
      if (s > top) {
        top = s;
        best = k;
      }
    }
    y[i] = static_cast<double>(best);
  }
}

Refusal nonNegative(const char* field, int v) {
  return v < 0 ? Refusal(field, "must be >= 0 (got " + std::to_string(v) + ")") : Refusal();
}
}  // namespace

namespace {
// Every generator option, with the defaults the generators share.
Schema<GeneratorOptions> allGeneratorFields() {
  using G = GeneratorOptions;
  Schema<G> s("a generator");
  s.integer("n", &G::n, "training rows", 100, 1)
      .integer("d", &G::d, "features (experts, tasks: the intrinsic dimensions)", 100, 1)
      .integer("Q", &G::Q, "groups of equal coefficients (experts: experts; tasks: clusters of tasks)", 5, 1)
      .number("sigma", &G::sigma, "standard deviation σ of the noise", 0.5, 0)
      .seed("seed", &G::seed, "seed of the random draws", 1)
      .integer("nTest", &G::nTest, "held-out test rows", 0, 0)
      .integer("nValidation", &G::nValidation, "validation rows (E5's selection set)", 0, 0)
      .integer("dataset", &G::dataset, "E5: dataset 1 or 2", 1, 1, 2)
      .choice("task", &G::task,
              "E1, E2: '' or 'regression' (y = xᵀw* + σε), 'classification' (y = [xᵀw* + σε > 0]); E6: '' or "
              "'classification', 'regression'; waveform: '' (the three classes) or 'classification' (class 0 against "
              "the rest)",
              {"", "classification", "regression"})
      .number("rho", &G::rho, "E1, E2: the correlation of any two features", 0, 0, false, 1)
      .openAbove()
      .integer("noiseDims", &G::noiseDims, "experts: noise dimensions d_n beside the d intrinsic ones", 0, 0)
      .number("noiseSigma", &G::noiseSigma, "experts: the noise dimensions' standard deviation σ_d", 1, 0)
      .integer("tasks", &G::tasks, "tasks: the number K of classes, in Q clusters of equal sizes", 10, 2)
      .number("taskSpread", &G::taskSpread,
              "tasks: each class's predictor is its cluster's centre + taskSpread·N(0, I)", 0.2, 0);
  return s;
}

struct GeneratorDeclaration {
  std::string name;
  std::vector<std::string> reads;
  Schema<GeneratorOptions> schema;
  int columns = 0;  // its designs' width; 0: d + noiseDims
};

// Each generator: the options it reads, with its own defaults (the papers' sizes).
std::vector<GeneratorDeclaration> declareGenerators() {
  const Schema<GeneratorOptions> all = allGeneratorFields();
  std::vector<GeneratorDeclaration> g;
  auto add = [&](std::string name, std::vector<std::string> reads, int columns = 0) -> Schema<GeneratorOptions>& {
    Schema<GeneratorOptions> s = all.only(reads, "generator '" + name + "'");
    g.push_back({std::move(name), std::move(reads), std::move(s), columns});
    return g.back().schema;
  };
  add("e1", {"n", "d", "Q", "sigma", "seed", "nTest", "rho", "task"}).requiring("n");
  add("e2", {"n", "d", "Q", "sigma", "seed", "nTest", "rho", "task"}).requiring("n").withDefault("sigma", 0.1);
  add("e5", {"n", "sigma", "seed", "nTest", "nValidation", "dataset"}, kE5Columns)
      .withDefault("n", 100)
      .withDefault("nValidation", 100)
      .withDefault("nTest", 100)
      .withDefault("sigma", 2);
  add("e6", {"n", "sigma", "seed", "nTest", "task"}, kE6Columns).withDefault("n", 2000).withDefault("sigma", 1);
  add("waveform", {"n", "seed", "nTest", "task"}, kWaveformColumns).withDefault("n", 5000);
  add("experts", {"n", "d", "Q", "sigma", "seed", "nTest", "noiseDims", "noiseSigma"})
      .withDefault("n", 1000)
      .withDefault("d", 10)
      .withDefault("Q", 3)
      .withDefault("sigma", 0.1);
  add("tasks", {"n", "d", "Q", "sigma", "seed", "nTest", "tasks", "taskSpread"})
      .withDefault("n", 1000)
      .withDefault("d", 20)
      .withDefault("sigma", 1);
  return g;
}

const std::vector<GeneratorDeclaration>& generatorDeclarations() {
  static const std::vector<GeneratorDeclaration> g = declareGenerators();
  return g;
}

const GeneratorDeclaration* declarationOf(const std::string& name) {
  for (const auto& g : generatorDeclarations())
    if (g.name == name) return &g;
  return nullptr;
}
}  // namespace

const std::vector<std::string>& generatorNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& g : generatorDeclarations()) n.push_back(g.name);
    return n;
  }();
  return names;
}

const std::vector<std::string>& generatorOptions(const std::string& name) {
  static const std::vector<std::string> none;
  const GeneratorDeclaration* g = declarationOf(name);
  return g ? g->reads : none;
}

const Schema<GeneratorOptions>* generatorSchema(const std::string& name) {
  const GeneratorDeclaration* g = declarationOf(name);
  return g ? &g->schema : nullptr;
}

Refusal generate(const std::string& name, const Params& given, SyntheticProblem& out) {
  const GeneratorDeclaration* g = declarationOf(name);
  if (!g) return generate(name, GeneratorOptions{}, out);  // names the unknown generator
  GeneratorOptions o;
  if (Refusal why = g->schema.read(given, o); !why.empty()) return why;
  // What the problem holds: its three designs, about three copies each on the way out.
  const double rows = static_cast<double>(o.n) + o.nTest + o.nValidation;
  const double cols = g->columns > 0 ? g->columns : static_cast<double>(o.d) + o.noiseDims;
  // Named: the largest of the sizes in the product.
  const std::string field = g->columns > 0 ? largestOf({{"n", o.n}, {"nTest", o.nTest}, {"nValidation", o.nValidation}})
                                           : largestOf({{"n", o.n},
                                                        {"nTest", o.nTest},
                                                        {"nValidation", o.nValidation},
                                                        {"d", o.d},
                                                        {"noiseDims", o.noiseDims}});
  if (Refusal why = checkMemory(field,
                                "a problem of " + std::to_string(static_cast<long long>(rows)) + " rows × " +
                                    std::to_string(static_cast<long long>(cols)) + " columns",
                                3 * 8 * rows * cols);
      !why.empty())
    return why;
  return generate(name, o, out);
}

Refusal generate(const std::string& name, const GeneratorOptions& o, SyntheticProblem& out) {
  out = SyntheticProblem{};
  if (name == "e1" || name == "e2") {
    for (const Refusal& why : {checkE1(o.n, o.d, o.Q, o.sigma, o.nTest, o.rho), checkTask(o.task)})
      if (!why.empty()) return why;
    out =
        generateE1(o.n, o.d, o.Q, o.sigma, o.seed, o.nTest,
                   name == "e2" ? CoefValues::EvenUnitNorm : CoefValues::Uniform15, o.rho, o.task == "classification");
    return {};
  }
  if (o.n < 1) return Refusal("n", "must be >= 1 (got " + std::to_string(o.n) + ")");
  for (const Refusal& why : {nonNegative("nTest", o.nTest), nonNegative("nValidation", o.nValidation)})
    if (!why.empty()) return why;
  if (!(o.sigma >= 0) || !std::isfinite(o.sigma)) return Refusal("sigma", "must be finite and >= 0");
  Random rng(o.seed);
  if (name == "e5") {
    if (o.dataset != 1 && o.dataset != 2)
      return Refusal("dataset", "must be 1 or 2 (got " + std::to_string(o.dataset) + ")");
    Matrix S;
    if (Refusal why = e5Covariance(o.dataset, out.coef, S); !why.empty()) return why;
    const Matrix L = cholesky(S);
    correlatedRows(rng, L, out.coef, o.sigma, o.n, out.X, out.y);
    correlatedRows(rng, L, out.coef, o.sigma, o.nValidation, out.Xvalidation, out.yvalidation);
    correlatedRows(rng, L, out.coef, o.sigma, o.nTest, out.Xtest, out.ytest);
    out.groups.resize(kE5Columns);
    for (int j = 0; j < kE5Columns; ++j) out.groups[j] = 3 - j / 10;  // ascending in value: 0 is β = 0
    return {};
  }
  if (name == "e6") {
    if (Refusal why = checkTask(o.task); !why.empty()) return why;
    const bool cls = o.task != "regression";
    hiddenVariableRows(rng, cls, o.sigma, o.n, out.X, out.y);
    hiddenVariableRows(rng, cls, o.sigma, o.nTest, out.Xtest, out.ytest);
    out.coef.resize(kE6Columns);
    out.groups.resize(kE6Columns);
    const double A[3] = {-5, -1, 3};
    const std::int32_t ascending[3] = {0, 1, 2};  // −5 < −1 < 3
    for (int j = 0; j < kE6Columns; ++j) {
      out.coef[j] = A[j / 50] / 50;  // averaging each group's copies (Lemma 2.1)
      out.groups[j] = ascending[j / 50];
    }
    return {};
  }
  if (name == "waveform") {
    if (Refusal why = checkTask(o.task); !why.empty()) return why;
    waveformRows(rng, o.n, out.X, out.y);
    waveformRows(rng, o.nTest, out.Xtest, out.ytest);
    if (o.task == "classification")  // binary: class 0 against classes 1 and 2
      for (Vector* y : {&out.y, &out.ytest}) y->array() = (y->array() == 0).cast<double>();
    return {};
  }
  if (name == "experts") {
    if (o.d < 1) return Refusal("d", "must be >= 1 (got " + std::to_string(o.d) + ")");
    if (o.Q < 1) return Refusal("Q", "must be >= 1 (got " + std::to_string(o.Q) + ")");
    if (Refusal why = nonNegative("noiseDims", o.noiseDims); !why.empty()) return why;
    if (!(o.noiseSigma >= 0) || !std::isfinite(o.noiseSigma)) return Refusal("noiseSigma", "must be finite and >= 0");
    if (static_cast<double>(o.n + o.nTest) * (o.d + o.noiseDims) > 2e8)
      return Refusal(largestOf({{"n", o.n}, {"nTest", o.nTest}, {"d", o.d}, {"noiseDims", o.noiseDims}}),
                     "(n + nTest) × (d + noiseDims) must be at most 2e8");
    Matrix V(o.d, o.Q);
    for (int q = 0; q < o.Q; ++q)
      for (int j = 0; j < o.d; ++j) V(j, q) = rng.normal();
    Labels testLabels;
    expertRows(rng, V, o.noiseDims, o.noiseSigma, o.sigma, o.n, out.X, out.y, out.groups);
    expertRows(rng, V, o.noiseDims, o.noiseSigma, o.sigma, o.nTest, out.Xtest, out.ytest, testLabels);
    out.coef = Vector::Zero(static_cast<Eigen::Index>(o.d + o.noiseDims) * o.Q);
    for (int q = 0; q < o.Q; ++q) out.coef.segment(static_cast<Eigen::Index>(q) * (o.d + o.noiseDims), o.d) = V.col(q);
    return {};
  }
  if (name == "tasks") {
    if (o.d < 1) return Refusal("d", "must be >= 1 (got " + std::to_string(o.d) + ")");
    if (o.tasks < 2) return Refusal("tasks", "must be >= 2 (got " + std::to_string(o.tasks) + ")");
    if (o.Q < 1 || o.Q > o.tasks) return Refusal("Q", "must be in 1..tasks (got " + std::to_string(o.Q) + ")");
    if (!(o.taskSpread >= 0) || !std::isfinite(o.taskSpread)) return Refusal("taskSpread", "must be finite and >= 0");
    if (static_cast<double>(o.n + o.nTest) * o.d > 2e8)
      return Refusal(largestOf({{"n", o.n}, {"nTest", o.nTest}, {"d", o.d}}), "(n + nTest) × d must be at most 2e8");
    Matrix C(o.d, o.Q), W(o.d, o.tasks);
    for (int q = 0; q < o.Q; ++q)
      for (int j = 0; j < o.d; ++j) C(j, q) = rng.normal();
    out.groups.resize(static_cast<std::size_t>(o.tasks));
    for (int k = 0; k < o.tasks; ++k) out.groups[k] = k % o.Q;  // balanced, then shuffled
    for (int k = o.tasks - 1; k > 0; --k)
      std::swap(out.groups[k], out.groups[rng.below(static_cast<std::uint64_t>(k) + 1)]);
    for (int k = 0; k < o.tasks; ++k)
      for (int j = 0; j < o.d; ++j) W(j, k) = C(j, out.groups[k]) + o.taskSpread * rng.normal();
    taskRows(rng, W, o.sigma, o.n, out.X, out.y);
    taskRows(rng, W, o.sigma, o.nTest, out.Xtest, out.ytest);
    out.coef = Eigen::Map<const Vector>(W.data(), W.size());
    return {};
  }
  std::string known;
  for (const auto& g : generatorNames()) known += (known.empty() ? "" : ", ") + g;
  return Refusal("name", "unknown generator '" + name + "' (known: " + known + ")");
}

}  // namespace supclust
