#include "supclust/methods/data_scale.hpp"

#include <cmath>

#include "supclust/base/format.hpp"
#include "supclust/kernels/scaling.hpp"

namespace supclust {

namespace {
constexpr double kLow = 0x1p-128, kHigh = 0x1p128;

double scaleFor(double maxAbs) { return maxAbs > 0 && (maxAbs < kLow || maxAbs > kHigh) ? powerOfTwoScale(maxAbs) : 1; }

std::string outOfRange(const std::string& name, double value) {
  return "option '" + name + "' is out of range for data this large or small: on the data rescaled to unit " +
         "scale it would be " + formatNumber(value) + "; rescale X or y yourself";
}

int exponentOf(double powerOfTwo) { return std::ilogb(powerOfTwo); }

// λ · s_x^-k · s_y^(k-2) in one exact step (no intermediate overflow); a weight that must stay
// positive may not underflow to 0.
std::string transformed(const OptionSpec& o, Options& options, double value, int k, const DataScale& s) {
  const double v = std::ldexp(value, -k * exponentOf(s.x) + (k - 2) * exponentOf(s.y));
  if (!std::isfinite(v) || (o.minExclusive && !(v > o.min)) || (value != 0 && v != 0 && !std::isnormal(v)))
    return outOfRange(o.name, v);
  options.set(o.name, v);
  return "";
}
}  // namespace

DataScale dataScaleOf(double xMaxAbs, const Matrix& T) {
  DataScale s;
  s.x = scaleFor(xMaxAbs);
  s.y = scaleFor(T.size() ? T.cwiseAbs().maxCoeff() : 0);
  return s;
}

std::string rescaleByDegree(const std::vector<OptionSpec>& specs, Options& options, const DataScale& s) {
  for (const OptionSpec& o : specs)
    if (o.degree != 0)
      if (std::string why = transformed(o, options, options.number(o.name), o.degree, s); !why.empty()) return why;
  return "";
}

std::string rescaleElasticNet(const std::vector<OptionSpec>&, Options& options, const DataScale& s) {
  const double lambda = options.number("lambda"), alpha = options.number("alpha");
  const double l1 = std::ldexp(lambda * alpha, -exponentOf(s.x) - exponentOf(s.y));
  const double l2 = std::ldexp(lambda * (1 - alpha), -2 * exponentOf(s.x));
  if (!std::isfinite(l1 + l2)) return outOfRange("lambda", l1 + l2);
  options.set("lambda", l1 + l2);
  if (l1 + l2 > 0) options.set("alpha", l1 / (l1 + l2));
  return "";
}

std::string rescaleRegularisedBias(const std::vector<OptionSpec>&, Options&, const DataScale& s) {
  if (s.x == 1) return "";
  return "X: entries this large or small need rescaling, which the linear SVM's regularised bias does not follow (scale X into [1e-38, 1e38])";
}

std::string rescaleTruncated(const std::vector<OptionSpec>& specs, Options& options, const DataScale& s) {
  for (const OptionSpec& o : specs) {
    if (o.name == "lambda1" || o.name == "lambda2") {
      if (std::string why = transformed(o, options, options.number(o.name), 0, s); !why.empty()) return why;
    } else if (o.name == "tau") {
      const double tau = std::ldexp(options.number("tau"), exponentOf(s.x) - exponentOf(s.y));
      if (!std::isnormal(tau)) return outOfRange("tau", tau);
      options.set("tau", tau);
    } else if (o.degree != 0) {
      if (std::string why = transformed(o, options, options.number(o.name), o.degree, s); !why.empty()) return why;
    }
  }
  return "";
}

std::string rescaleAdaptive(const std::vector<OptionSpec>& specs, Options& options, const DataScale& s) {
  const double gamma = options.number("gamma");
  const double factor = std::exp2((gamma - 1) * exponentOf(s.x) - (1 + gamma) * exponentOf(s.y));
  for (const OptionSpec& o : specs) {
    if (o.name == "lambda1" || o.name == "lambda2" || o.name == "lambda3") {
      const double value = options.number(o.name), v = value * factor;
      if (!std::isfinite(v) || (value != 0 && !std::isnormal(v))) return outOfRange(o.name, v);
      options.set(o.name, v);
    } else if (o.degree != 0) {
      if (std::string why = transformed(o, options, options.number(o.name), o.degree, s); !why.empty()) return why;
    }
  }
  return "";
}

void unscaleResult(Result& r, const DataScale& s) {
  const double w = s.y / s.x, f = s.y * s.y;
  r.coef *= w;
  r.centroids *= w;
  r.intercept *= s.y;
  r.objective *= f;
  for (double& h : r.history) h *= f;
}

}  // namespace supclust
