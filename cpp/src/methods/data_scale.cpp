#include "supclust/methods/data_scale.hpp"

#include <cmath>

#include "supclust/base/format.hpp"
#include "supclust/kernels/scaling.hpp"

namespace supclust {

namespace {
constexpr double kLow = 0x1p-128, kHigh = 0x1p128;

double scaleFor(double maxAbs) { return maxAbs > 0 && (maxAbs < kLow || maxAbs > kHigh) ? powerOfTwoScale(maxAbs) : 1; }

}  // namespace

Refusal outOfRange(const std::string& name, double value) {
  return Refusal(name, "option '" + name +
                           "' is out of range for data this large or small: on the data rescaled to unit " +
                           "scale it would be " + formatNumber(value) + "; rescale X or y yourself");
}

int exponentOf(double powerOfTwo) { return std::ilogb(powerOfTwo); }

Refusal rescaleOption(const OptionSpec& o, Options& options, int k, const DataScale& s) {
  const double value = options.number(o.name);
  const double v = std::ldexp(value, -k * exponentOf(s.x) + (k - 2) * exponentOf(s.y));
  if (!std::isfinite(v) || (o.minExclusive && !(v > o.min)) || (value != 0 && v != 0 && !std::isnormal(v)))
    return outOfRange(o.name, v);
  options.set(o.name, v);
  return {};
}

DataScale dataScaleOf(double xMaxAbs, const Matrix& T) {
  DataScale s;
  s.x = scaleFor(xMaxAbs);
  s.y = scaleFor(T.size() ? T.cwiseAbs().maxCoeff() : 0);
  return s;
}

Refusal rescaleByDegree(const std::vector<OptionSpec>& specs, Options& options, const DataScale& s) {
  for (const OptionSpec& o : specs)
    if (o.degree != 0)
      if (Refusal why = rescaleOption(o, options, o.degree, s); !why.empty()) return why;
  return {};
}

void unscaleResult(Result& r, const DataScale& s) {
  const double w = s.y / s.x, f = s.y * s.y;
  r.coef *= w;
  r.centroids *= w;
  r.intercept *= s.y;
  r.gate.coef /= s.x;  // the gate's scores are y-free
  r.variances *= f;
  r.objective *= f;
  for (double& h : r.history) h *= f;
}

}  // namespace supclust
