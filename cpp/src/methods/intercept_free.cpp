#include "supclust/methods/intercept_free.hpp"

#include <string>

namespace supclust {

Refusal checkInterceptFree(const Method& method, const Loss& loss) {
  if (method.kind == ModelKind::Experts)
    return Refusal("intercept", "false is not taken by the experts (method '" + method.name +
                                    "': each expert fits its own rows, so a row's reflection may join another expert)");
  if (!(loss.squared() && !loss.oneVsAll()) && !loss.binary())
    return Refusal(
        "intercept",
        std::string("false needs a loss with a reflected target (squared, logistic or hinge on two classes); '") +
            loss.name() + "' has none");
  return {};
}

Refusal reflectedRows(const Method& method, const Problem& problem, const Loss& loss, ReflectedRows& out) {
  if (Refusal why = checkInterceptFree(method, loss); !why.empty()) return why;
  const DataMatrix& X = problem.X;
  const double stored = static_cast<double>(X.stored());
  if (Refusal why = checkMemory(
          "intercept",
          "false: the reflected rows of " + std::to_string(X.rows()) + " × " + std::to_string(X.cols()) + " data",
          2 * (8 * stored + (X.sparse() ? 4 * stored : 0)), problem.heldBytes);
      !why.empty())
    return why;
  const Eigen::Index n = X.rows();
  std::vector<Eigen::Index> rows(static_cast<std::size_t>(2 * n));
  for (Eigen::Index i = 0; i < 2 * n; ++i) rows[static_cast<std::size_t>(i)] = i % n;
  out.X = selectRows(X, rows);
  const std::size_t half = X.sparse() ? static_cast<std::size_t>(X.stored()) : static_cast<std::size_t>(n * X.cols());
  for (std::size_t t = half; t < out.X.values.size(); ++t) out.X.values[t] = -out.X.values[t];
  const Eigen::Index m = problem.y.size();
  out.targetColumns = problem.targetColumns;
  out.y.resize(2 * m);
  out.y.head(m) = problem.y;
  out.y.tail(m) = loss.squared() ? Vector(-problem.y) : Vector(1.0 - problem.y.array());
  if (problem.offset.size() > 0) {
    out.offset.resize(2 * n);
    out.offset << problem.offset, -problem.offset;
  }
  if (problem.weights.size() > 0) {
    out.weights.resize(2 * n);
    out.weights << problem.weights, problem.weights;
  }
  return {};
}

}  // namespace supclust
