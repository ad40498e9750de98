#include "supclust/metrics/prediction.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "supclust/core/offset_loss.hpp"
#include "supclust/kernels/logistic.hpp"
#include "supclust/kernels/radix_sort.hpp"

namespace supclust {

std::vector<std::string> metricNames(const Loss& loss) {
  if (loss.binary()) return {"error", "deviance", "accuracy", "auc"};
  if (loss.classification()) return {"error", "deviance", "accuracy"};
  return {"mse", "mae", "deviance", "r2"};
}

Refusal parseMetric(const std::string& name, const Loss& loss, Metric& out) {
  const auto names = metricNames(loss);
  const std::string chosen = name.empty() ? names.front() : name;
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "'" : ", '") + n + "'";
  if (std::find(names.begin(), names.end(), chosen) == names.end())
    return Refusal("metric", "must be one of " + list + " for the loss '" + loss.name() + "' (got '" + chosen + "')");
  static const std::pair<const char*, Metric> all[] = {
      {"mse", Metric::Mse}, {"mae", Metric::Mae},           {"error", Metric::Error}, {"deviance", Metric::Deviance},
      {"r2", Metric::R2},   {"accuracy", Metric::Accuracy}, {"auc", Metric::Auc}};
  for (const auto& [label, metric] : all)
    if (chosen == label) out = metric;
  return {};
}

double score(Metric metric, const Matrix& Z, const Matrix& T, const Loss& loss, const Vector* weights) {
  const double n = static_cast<double>(Z.rows());
  // Row i's weight, mean 1 (1 without weights).
  const Vector w = weights ? Vector(*weights * (n / weights->sum())) : Vector();
  const auto rowMean = [&](const Vector& perRow) { return (weights ? w.dot(perRow) : perRow.sum()) / n; };
  switch (metric) {
    case Metric::Mse:
      if (weights) return rowMean((Z - T).rowwise().squaredNorm()) / static_cast<double>(Z.cols());
      return (Z - T).squaredNorm() / (n * static_cast<double>(Z.cols()));
    case Metric::Mae:
      if (weights) return rowMean((Z - T).cwiseAbs().rowwise().sum()) / static_cast<double>(Z.cols());
      return (Z - T).cwiseAbs().sum() / (n * static_cast<double>(Z.cols()));
    case Metric::Deviance: {
      if (!weights) return loss.value(Z, T);
      Vector v;
      loss.rowValues(Z, T, v);
      return rowMean(v);
    }
    case Metric::Accuracy:
      return 1 - score(Metric::Error, Z, T, loss, weights);
    case Metric::R2: {
      double sum = 0;
      for (Eigen::Index k = 0; k < Z.cols(); ++k) {
        // Both sums over the column divided by a power of two near its largest target (exact): the
        // ratio is scale-free, and targets near 1e160 would overflow the squares.
        const double top = T.col(k).cwiseAbs().maxCoeff(), s = top > 0 ? std::ldexp(1.0, std::ilogb(top)) : 1;
        const double centre = weights ? w.dot(T.col(k)) / n : T.col(k).mean();
        const Vector e = ((Z.col(k) - T.col(k)) / s).cwiseAbs2(),
                     t = ((T.col(k).array() - centre) / s).square().matrix();
        const double sse = weights ? w.dot(e) : e.sum(), sst = weights ? w.dot(t) : t.sum();
        sum += sst > 0 ? 1 - sse / sst : sse == 0 ? 1 : 0;
      }
      return sum / static_cast<double>(Z.cols());
    }
    case Metric::Auc: {
      double sum = 0;
      for (Eigen::Index k = 0; k < Z.cols(); ++k) sum += auc(Z.col(k), T.col(k), weights ? &w : nullptr);
      return sum / static_cast<double>(Z.cols());
    }
    case Metric::Error: {  // one-vs-all: the largest score against the true class; 0/1 targets: each entry's sign
      const Eigen::Index block = loss.oneVsAll() ? Z.cols() : 1;
      const Labels predicted = classIndices(Z, block), truth = classIndices(T, block);
      const auto answers = static_cast<std::size_t>(Z.cols() / block);  // per row, row-major
      double wrong = 0;
      for (std::size_t t = 0; t < predicted.size(); ++t)
        if (predicted[t] != truth[t]) wrong += weights ? w[static_cast<Eigen::Index>(t / answers)] : 1;
      return wrong / static_cast<double>(predicted.size());
    }
  }
  return 0;
}

Labels classIndices(const Matrix& Z, Eigen::Index block) {
  const Eigen::Index answers = Z.cols() / block;
  Labels out(static_cast<std::size_t>(Z.rows() * answers));
  for (Eigen::Index i = 0; i < Z.rows(); ++i)
    for (Eigen::Index a = 0; a < answers; ++a) {
      Eigen::Index best = 0;
      if (block == 1) best = Z(i, a) > 0;
      else
        for (Eigen::Index k = 1; k < block; ++k)
          if (Z(i, a * block + k) > Z(i, a * block + best)) best = k;
      out[static_cast<std::size_t>(i * answers + a)] = static_cast<std::int32_t>(best);
    }
  return out;
}

Matrix probabilities(const Matrix& Z, bool oneVsAll) {
  const Eigen::Index n = Z.rows(), K = Z.cols();
  if (K == 1) {
    Matrix P(n, 2);
    for (Eigen::Index i = 0; i < n; ++i) P(i, 1) = sigmoid(Z(i, 0)), P(i, 0) = 1 - P(i, 1);
    return P;
  }
  Matrix P(n, K);
  for (Eigen::Index k = 0; k < K; ++k)
    for (Eigen::Index i = 0; i < n; ++i) P(i, k) = sigmoid(Z(i, k));
  if (oneVsAll)
    for (Eigen::Index i = 0; i < n; ++i) {
      const double total = P.row(i).sum();
      if (total > 0) P.row(i) /= total;
      else P.row(i).setConstant(1.0 / static_cast<double>(K));
    }
  return P;
}

Labels bestExperts(const Matrix& Z, const Matrix& T) {
  const Eigen::Index K = T.cols(), Q = Z.cols() / K;
  Labels pick(static_cast<std::size_t>(Z.rows()), 0);
  for (Eigen::Index i = 0; i < Z.rows(); ++i) {
    Eigen::Index q = 0;
    if (K == 1) {
      (Z.row(i).array() - T(i, 0)).abs().minCoeff(&q);
    } else {
      Eigen::Index truth;
      T.row(i).maxCoeff(&truth);
      double bestMargin = -HUGE_VAL;
      for (Eigen::Index e = 0; e < Q; ++e) {
        const auto z = Z.row(i).segment(e * K, K);
        double other = -HUGE_VAL;
        for (Eigen::Index k = 0; k < K; ++k)
          if (k != truth) other = std::max(other, z[k]);
        const double margin = z[truth] - other;
        if (margin > bestMargin) bestMargin = margin, q = e;
        if (margin > 0) break;  // this expert's class is the truth
      }
    }
    pick[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(q);
  }
  return pick;
}

Matrix binaryExpertPairs(const Matrix& Z) {
  Matrix pairs(Z.rows(), 2 * Z.cols());
  for (Eigen::Index q = 0; q < Z.cols(); ++q) {
    pairs.col(2 * q) = -Z.col(q);
    pairs.col(2 * q + 1) = Z.col(q);
  }
  return pairs;
}

Matrix scoredPredictions(const Result& model, const DataMatrix& X, const Matrix& T, bool binary) {
  const Matrix Z = X.predict(model.coef, model.intercept);
  if (model.kind != ModelKind::Experts) return Z;
  if (binary) {  // each row's best binary expert's score, chosen on the pairs against one-hot labels
    Matrix oneHot = Matrix::Zero(T.rows(), 2);
    for (Eigen::Index i = 0; i < T.rows(); ++i) oneHot(i, T(i, 0) > 0.5 ? 1 : 0) = 1;
    const Labels pick = bestExperts(binaryExpertPairs(Z), oneHot);
    Matrix best(Z.rows(), 1);
    for (Eigen::Index i = 0; i < Z.rows(); ++i) best(i, 0) = Z(i, pick[static_cast<std::size_t>(i)]);
    return best;
  }
  const Eigen::Index K = T.cols();
  const Labels pick = bestExperts(Z, T);
  Matrix best(Z.rows(), K);
  for (Eigen::Index i = 0; i < Z.rows(); ++i) best.row(i) = Z.row(i).segment(pick[static_cast<std::size_t>(i)] * K, K);
  return best;
}

Matrix gatedScores(const Result& model, const DataMatrix& X, bool binary, Eigen::Index softmaxClasses) {
  const Eigen::Index n = X.rows(), Q = model.coef.cols() / std::max<Eigen::Index>(1, softmaxClasses);
  if (model.gate.coef.rows() != X.cols() || model.gate.coef.cols() != Q || model.gate.intercept.size() != Q)
    return Matrix::Constant(n, 1, NAN);
  const Matrix Z = X.predict(model.coef, model.intercept),
               Pi = softmaxRows(X.predict(model.gate.coef, model.gate.intercept));
  if (softmaxClasses > 0) return gatedMixture(Z, Pi, softmaxClasses, true).array().max(1e-300).log().matrix();
  if (!binary) return gatedMixture(Z, Pi, 0);
  const Matrix P = gatedMixture(binaryExpertPairs(Z), Pi, 2);  // [1 − p, p] per row
  Matrix logOdds(n, 1);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double p = std::clamp(P(i, 1), 1e-300, 1 - 1e-16);
    logOdds(i, 0) = std::log(p) - std::log1p(-p);
  }
  return logOdds;
}

Matrix gatedMixture(const Matrix& Z, const Matrix& Pi, Eigen::Index classes, bool softmax) {
  const Eigen::Index n = Z.rows(), Q = Pi.cols();
  if (classes == 0) return (Z.array() * Pi.array()).rowwise().sum().matrix();
  Matrix P = Matrix::Zero(n, classes);
  for (Eigen::Index q = 0; q < Q; ++q) {
    const Matrix block = Z.middleCols(q * classes, classes);
    P.array() += (softmax ? softmaxRows(block) : probabilities(block, true)).array().colwise() * Pi.col(q).array();
  }
  return P;
}

Refusal checkPredictionOffset(bool fitted, const Vector& offset, Eigen::Index n) {
  if (!fitted && offset.size() > 0) return Refusal("offset", "is given, but the model was fitted without offsets");
  if (fitted && offset.size() == 0)
    return Refusal("offset",
                   "is needed: the model was fitted with offsets, and its scores on new rows add theirs (one per row)");
  if (!fitted) return {};
  return checkOffset(offset, n);
}

Answers answer(Answer what, const Predictor& model, const DataMatrix& X, const Vector& y, const Vector& offset) {
  Answers a;
  const Eigen::Index d = model.coef.rows(), n = X.rows();
  if (X.cols() != d) {
    a.why = Refusal(
        "X", "has " + std::to_string(X.cols()) + " columns but the model has " + std::to_string(d) + " features");
    return a;
  }
  if (Refusal why = checkPredictionOffset(model.offset, offset, n); !why.empty()) {
    a.why = why;
    return a;
  }
  Matrix Z = X.predict(model.coef, model.intercept);
  if (offset.size() > 0) Z.colwise() += offset;
  // Binary experts (one score per expert, two classes, its gate's Q): read as the pairs of class
  // scores the other classifying experts give.
  if (model.kind == ModelKind::Experts && model.classes == 2 && model.gate.coef.cols() == Z.cols() && Z.cols() > 0)
    Z = binaryExpertPairs(Z);
  if (model.kind == ModelKind::Experts && what != Answer::Experts) {
    const Eigen::Index Q = Z.cols() / std::max<Eigen::Index>(1, model.classes);
    const bool gated = model.gate.coef.rows() == d && model.gate.coef.cols() == Q && model.gate.intercept.size() == Q;
    if (!gated && what != Answer::ExpertAnswers) {
      a.why = Refusal("model.gate",
                      "this experts model has no gate of " + std::to_string(d) + " features × " + std::to_string(Q) +
                          " experts (a model saved before gates existed): fit it again, or ask for expertAnswers");
      return a;
    }
    const Matrix Pi = gated ? softmaxRows(X.predict(model.gate.coef, model.gate.intercept)) : Matrix();
    if (what == Answer::ExpertAnswers) {
      a.values = std::move(Z);
      a.gate = Pi;
      return a;
    }
    const Matrix mixture = gatedMixture(Z, Pi, model.classes, model.softmax);
    if (what == Answer::Classes) a.classes = classIndices(mixture, mixture.cols());
    else a.values = mixture;
    return a;
  }
  const Eigen::Index block = Z.cols() == 1 ? 1 : model.classes;
  switch (what) {
    case Answer::Scores:
      a.values = Z;
      break;
    case Answer::Probabilities:
      a.values = model.softmax ? softmaxRows(Z) : probabilities(Z, model.oneVsAll);
      break;
    case Answer::Classes:
      a.classes = classIndices(Z, block);
      break;
    case Answer::ExpertAnswers:
      a.why = Refusal("model", "expertAnswers needs a model of kind 'experts'");
      break;
    case Answer::Experts: {
      if (y.size() != n) {
        a.why = Refusal("y", "must have " + std::to_string(n) + " entries, one per row of X (got " +
                                 std::to_string(y.size()) + ")");
        return a;
      }
      Matrix T = y;
      if (model.classes > 0) {  // class indices as one-hot rows
        T = Matrix::Zero(n, model.classes);
        for (Eigen::Index i = 0; i < n; ++i) {
          if (!(y[i] >= 0 && y[i] < static_cast<double>(model.classes) && y[i] == std::floor(y[i]))) {
            a.why = Refusal(
                "y", "entry " + std::to_string(i) + " is not a class index below " + std::to_string(model.classes));
            return a;
          }
          T(i, static_cast<Eigen::Index>(y[i])) = 1;
        }
      }
      a.expert = bestExperts(Z, T);
      a.values.resize(n, 1);
      double wrong = 0, squares = 0;
      for (Eigen::Index i = 0; i < n; ++i) {
        const Eigen::Index q = a.expert[static_cast<std::size_t>(i)];
        if (model.classes > 0) {
          Eigen::Index c;
          Z.row(i).segment(q * model.classes, model.classes).maxCoeff(&c);
          a.values(i, 0) = static_cast<double>(c);
          wrong += c != static_cast<Eigen::Index>(y[i]);
        } else {
          a.values(i, 0) = Z(i, q);
          squares += (Z(i, q) - y[i]) * (Z(i, q) - y[i]);
        }
      }
      if (n > 0) (model.classes > 0 ? a.error : a.mse) = (model.classes > 0 ? wrong : squares) / static_cast<double>(n);
      break;
    }
  }
  return a;
}

BinaryRates binaryRates(const Vector& scores, const Vector& labels) {
  double tp = 0, tn = 0, pos = 0, neg = 0;
  for (Eigen::Index i = 0; i < scores.size(); ++i) {
    const bool truth = labels[i] > 0.5, predicted = scores[i] > 0;
    (truth ? pos : neg) += 1;
    if (truth && predicted) ++tp;
    if (!truth && !predicted) ++tn;
  }
  return {(tp + tn) / static_cast<double>(scores.size()), pos > 0 ? tp / pos : NAN, neg > 0 ? tn / neg : NAN};
}

double auc(const Vector& scores, const Vector& labels, const Vector* weights) {
  // Ascending tie groups: each positive's weight (1 without weights) times the negative weight
  // below it, plus half the negative weight tied with it, over (Σ positive)(Σ negative). Without
  // weights every sum is a count or a half-count: the Mann–Whitney statistic exactly.
  const Eigen::Index n = scores.size();
  std::vector<std::int32_t> order(static_cast<std::size_t>(n));
  RadixSorter().sort(scores.data(), order.size(), order.data());
  double area = 0, below = 0, pos = 0;
  for (std::size_t t = 0; t < order.size();) {
    std::size_t u = t;
    double groupPos = 0, groupNeg = 0;
    for (; u < order.size() && scores[order[u]] == scores[order[t]]; ++u)
      (labels[order[u]] > 0.5 ? groupPos : groupNeg) += weights ? (*weights)[order[u]] : 1;
    area += groupPos * (below + 0.5 * groupNeg);
    below += groupNeg;
    pos += groupPos;
    t = u;
  }
  if (pos == 0 || below == 0) return NAN;
  return area / (pos * below);
}

}  // namespace supclust
