// Inputs the library must refuse by name rather than read as something else: a boolean for a
// number (and a number for a boolean), a warm start of another shape, data a method cannot take,
// and more outputs than the address space holds.
#include <gtest/gtest.h>

#include "supclust/experiments/synthetic.hpp"
#include "supclust/families/catalogue.hpp"
#include "supclust/methods/registry.hpp"
#include "problems.hpp"

using namespace supclust;

namespace {
void expectRefused(const Result& r, const std::string& field) {
  EXPECT_EQ(r.status, Status::InvalidInput) << r.message;
  EXPECT_NE(r.message.find(field), std::string::npos) << r.message;
}
}  // namespace

TEST(StrictInputs, BooleansAndNumbersAreNotInterchangeable) {
  const auto p = generateE1(30, 8, 3, 0.5, 1);
  for (const char* name : {"lambda", "Q", "maxIterations"}) {
    Params params;
    params.numbers = {{"Q", 3}};
    params.numbers.erase(name);
    params.flags[name] = true;
    expectRefused(fit("ihc", problemOf(p.X, p.y), params), "option '" + std::string(name) + "'");
  }
  Params refit;
  refit.numbers = {{"Q", 3}, {"refit", 1}};
  expectRefused(fit("lsk", problemOf(p.X, p.y), refit), "option 'refit'");
  refit.numbers.erase("refit");
  refit.flags["refit"] = true;
  EXPECT_EQ(fit("lsk", problemOf(p.X, p.y), refit).status, Status::Converged);
}

TEST(StrictInputs, AWarmStartOfAnotherShapeIsRefused) {
  const auto p = generateE1(30, 8, 3, 0.5, 2);
  Params params;
  params.numbers = {{"lambda", 0.1}};
  const WarmStart threeOutputs{Matrix::Zero(8, 3), RowVector::Zero(3)};
  expectRefused(fit("ridge", problemOf(p.X, p.y), params, {}, &threeOutputs), "warmStart");
  const WarmStart otherFeatures{Matrix::Zero(7, 1), RowVector::Zero(1)};
  expectRefused(fit("ridge", problemOf(p.X, p.y), params, {}, &otherFeatures), "warmStart");
  const WarmStart notFinite{Matrix::Constant(8, 1, NAN), RowVector::Zero(1)};
  expectRefused(fit("ridge", problemOf(p.X, p.y), params, {}, &notFinite), "warmStart");
  const WarmStart fine{Matrix::Zero(8, 1), RowVector::Zero(1)};
  EXPECT_EQ(fit("ridge", problemOf(p.X, p.y), params, {}, &fine).status, Status::Converged);
}

TEST(StrictInputs, TheSvmRefusesDataItCannotScaleNamingX) {
  auto p = generateE1(40, 6, 2, 0.5, 3);
  Vector labels(40);
  for (Eigen::Index i = 0; i < 40; ++i) labels[i] = p.y[i] > p.y.mean() ? 1 : 0;
  const RowMatrix huge = p.X * 1e300;
  Params params;
  params.strings = {{"loss", "hinge"}};
  const Result r = fit("svm", problemOf(huge, labels), params);
  expectRefused(r, "X: ");
  EXPECT_EQ(r.message.rfind("X: ", 0), 0u) << r.message;
}

TEST(StrictInputs, OutputsBeyondTheAddressSpaceAreRefusedNamingY) {
  if (std::isinf(addressableBytes())) GTEST_SKIP() << "native: no address-space limit";
  const auto p = generateE1(20, 2000, 3, 0.5, 4);
  Vector y(20 * 200000);  // 200 000 target columns: 3.2 GB of coefficients
  y.setZero();
  for (Eigen::Index i = 0; i < 20; ++i) y[i * 200000] = 1;
  const Result r = fit("tasks-frobenius", problemOf(p.X, y, 200000), {});
  expectRefused(r, "y: ");
}

TEST(StrictInputs, TheEstimateCountsTheOutputsAndTheTasksCouplings) {
  const Method& frobenius = *findMethod("tasks-frobenius");
  const double one = estimateFitBytes(frobenius, 2000, 2000, 1, 4e6, false);
  const double many = estimateFitBytes(frobenius, 2000, 2000, 200000, 4e6, false);
  EXPECT_GT(many - one, 8.0 * 2000 * 200000);  // at least the coefficients
  EXPECT_GT(many - one, 8.0 * 6 * 200000.0 * 200000.0);  // and the K × K couplings
  EXPECT_GT(many, 0.9 * 2147483648.0);  // beyond wasm32's address space
}

// ADFG at a γ whose weights span more than 1e12 is refused before any work (it failed to
// factorise its ADMM system after 0 steps), naming weightFloor when the floor alone spans that
// much; at γ = 5 (spread 200⁵ = 3.2e11) it runs.
TEST(StrictInputs, AdfgRefusesAGammaItsAdmmSystemCannotResolve) {
  const auto p = generateE1(60, 20, 3, 0.5, 1);
  Params params;
  params.numbers = {{"lambda1", 1e-3}, {"lambda2", 1e-3}, {"lambda3", 1e-3}, {"gamma", 8}};
  EXPECT_EQ(fit("adfg", problemOf(p.X, p.y), params).field, "gamma");
  params.numbers["weightFloor"] = 1e-13;  // 2 / 1e-13 = 2e13 alone: the floor is at fault
  EXPECT_EQ(fit("adfg", problemOf(p.X, p.y), params).field, "weightFloor");
  params.numbers["gamma"] = 1;
  EXPECT_EQ(fit("adfg", problemOf(p.X, p.y), params).field, "weightFloor");
  params.numbers["gamma"] = 8;
  params.numbers["weightFloor"] = 0.5;  // spread 4⁸ = 65 536: fine
  EXPECT_NE(fit("adfg", problemOf(p.X, p.y), params).status, Status::InvalidInput);
  params.numbers["weightFloor"] = 1e-2;
  params.numbers["gamma"] = 5;
  EXPECT_EQ(fit("adfg", problemOf(p.X, p.y), params).status, Status::Converged);
}

// ncTFGS weighs its terms by λ/τ: a τ that puts them beyond the double range is refused by name
// (it answered `numerical-issue` with "the objective is not finite").
TEST(StrictInputs, NctfgsRefusesATauItsWeightsCannotHold) {
  const auto p = generateE1(40, 8, 2, 0.5, 1);
  Params params;
  params.numbers = {{"lambda1", 1e-300}, {"lambda2", 1e300}, {"tau", 1e-300}};
  expectRefused(fit("nctfgs", problemOf(p.X, p.y), params), "option 'tau'");
  params.numbers["tau"] = 1;
  EXPECT_NE(fit("nctfgs", problemOf(p.X, p.y), params).status, Status::InvalidInput);
}
