// The papers' tables as data (one declarative file each under src/experiments/) and the runner
// that reproduces them: repetitions in parallel, every method of a repetition on the same data,
// regularisation chosen by 5-fold cross-validation over the table's grids.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "supclust/experiments/synthetic.hpp"
#include "supclust/methods/cross_validation.hpp"
#include "supclust/methods/schema.hpp"

namespace supclust {

struct ExperimentMethod {
  std::string label;  // as in the paper's table: "IHC"
  std::string method;  // the registry's name
  Params params;  // fixed options
  Grid grid;  // cross-validated options (empty: no CV)
  Grid fastGrid;  // the same with fewer points (--fast)
  bool trueGroups = false;  // pass the true partition as option 'groups' (the Oracle)
  Params refitExtra{};  // options added only to the final fit at the chosen values
  std::string perFeature{};  // a grid option given as a fraction of d (sparsity s: 0.5 = d/2)
  bool featureGraph = false;  // pass the repetition's correlation graph as option 'graph'
  bool onRequest = false;  // run only when named (options.methods): a row's setting varied
};

struct PaperCell {
  double mean = NAN, std = NAN;
};

struct Experiment {
  std::string id, title, source;
  std::string generator;  // synthetic tables: the generator of each repetition's data
  GeneratorOptions options;  // the generator's fixed options
  std::string dataset;  // real-data tables: the dataset the caller supplies (no generator)
  int vocabulary = 0;  // text tables: the paper's vocabulary size (the loaders' default)
  std::string wordsPer;  // movie tables: what a word count is divided by (the loader's
      // `per`: "document" or "corpus"; "": the loader's default)
  std::string column;  // what each column sets: "n", "sigma" (generator options),
      // "train fraction" (⌊α·m⌋ training rows of m — generated:
      // m = n + nTest — the rest test),
      // "test fraction" (real data: the share of rows held out),
      // "dataset" (real data: column c fits the caller's dataset c), or
      // "metric": one fit per repetition, column c reporting metrics[c];
      // experts: "noise proportion" p (d_n = round(d·p/(1 − p)) noise
      // dimensions) or "noise dimensions" d_n
  std::vector<double> values;  // its values, one per column
  int reps = 50;
  int paperReps = 0;  // the paper's repetitions, where it states them (0: not stated)
  double scale = 1;  // figures are reported × scale (the σ-tables are × 100)
  std::string metric = "coef-error";  // "coef-error": ‖w* − ŵ‖₂; "test-mse", "test-mae": held out
      // (experts: each row's best answer, the papers' min over experts);
      // "dfg-mse": the DFG paper's ‖X(ŵ − w*)‖²/n on the held-out
      // rows; "grouping-score": its S; "grouping-ari": the
      // adjusted Rand index of the groups of equal
      // coefficients against the true ones (metrics/coefficients);
      // clustered tasks (class labels 0..K−1): "class-error"
      // (argmax of the K scores), "class-mae" (the DataCube
      // paper's mean over rows and classes of |onehot − p|, p the
      // sigmoid of a logistic score, (s + 1)/2 clipped to [0, 1]
      // of a ±1 squared one), "class-mae-20" (each row's
      // Σ_k |onehot − p| over 20 columns: the paper's 20-class
      // table's scale for K < 20 classes), "task-ari" (the found clusters of
      // the tasks against the true ones)
  std::vector<std::string> metrics;  // column "metric": the metric of each column; other
      // columns: every metric for each value (value-major);
      // "accuracy", "auc", … read logistic rows' scores as
      // log-odds; "objective": the fit's own objective
  std::string selection = "cv";  // "cv": 5-fold cross-validation on the training rows;
      // "validation": the generator's validation rows (E5), or
      // for real data the rows `split` sets aside
  std::vector<double> split;  // real data, selection "validation": the training and
      // validation shares of the rows (the rest is the test set)
  int selectFeatures = 0;  // per repetition, keep this many columns, scored on the
      // training rows (0: all); the kept columns are dense
  std::string featureScore = "correlation";  // "correlation": |Pearson r| with y; "ridge": |w_j|
      // of a ridge fit (λ = 1) on the training columns
      // standardised, which the kept columns then stay (by the
      // training means and deviations)
  int graphNeighbours = 0;  // the correlation graph: each kept feature joined to this
      // many others of largest training |r| (methods with
      // featureGraph)
  Labels taskClusters;  // real-data clustered tasks: the known clusters of the
      // classes ("task-ari" compares with them)
  std::vector<ExperimentMethod> methods;
  std::map<std::string, std::vector<PaperCell>> paper;  // label → the paper's figure per column
};

const std::vector<Experiment>& experiments();
const Experiment* findExperiment(const std::string& id);

// The scalar fields are declared with their docs, ranges and defaults by experimentSchema().
struct ExperimentOptions {
  int reps = 0;  // 0: the table's
  std::uint64_t seed = 1;
  bool fast = false;
  std::vector<std::string> methods;  // labels to run (empty: all)
  int threads = 0;  // 0: availableThreads()
  const Problem* data = nullptr;  // the dataset of a real-data table (rows split per repetition)
  std::vector<const Problem*> datasets;  // column "dataset": one dataset per column, instead
  // A share of the table: the tasks t (a repetition of a column's draw, t = draw·reps + rep)
  // with t mod shardCount = shardIndex — every column's repetitions dealt round the shards, so
  // the shards cost about the same. A repetition's seed does not depend on the shard.
  int shardIndex = 0, shardCount = 1;
};

const Schema<ExperimentOptions>& experimentSchema();

struct ExperimentCell {
  double mean = 0, std = 0;
  std::vector<double> values;  // one per repetition
};

struct ExperimentRow {
  std::string label;
  std::vector<ExperimentCell> cells;  // one per column
  std::vector<PaperCell> paper;  // empty when the paper has no such row
  double msPerFit = 0;  // mean time of one fit, cross-validation included
};

struct ExperimentResult {
  Status status = Status::Converged;
  std::string message;
  std::string field;  // the input an InvalidInput refuses
  const Experiment* experiment = nullptr;
  int reps = 0;
  std::vector<ExperimentRow> rows;
  double seconds = 0;
  // The tasks this run holds (all of them unsharded) out of totalTasks; a cell's values are NaN
  // for the repetitions it does not hold, and a shard's means and deviations are NaN.
  std::vector<std::size_t> tasks;
  std::size_t totalTasks = 0;
};

ExperimentResult runExperiment(const std::string& id, const ExperimentOptions& options, const Control& control = {});

// The data of one repetition (seeded from the run's seed, the column and the repetition).
std::uint64_t repetitionSeed(std::uint64_t seed, std::size_t column, int rep);

// Held-out rows of a real-data repetition: `held` rows (or ⌊fraction·n⌋) by a seeded shuffle.
std::vector<bool> heldOutRows(std::size_t n, std::size_t held, std::uint64_t seed);
std::vector<bool> testRows(std::size_t n, double fraction, std::uint64_t seed);

// The tables (one file each).
Experiment e1SamplesTable();
Experiment e1NoiseTable();
// E2 as the figures fix it (Q = 5), or `asWritten`: the paper's text, 10 values.
Experiment e2Table(bool asWritten = false);
Experiment movieReviewsTable();
Experiment movieReviewsLwcsTable();
Experiment movieReviewsMaeTable();
// E5 on one of the DFG paper's two datasets, or `asWritten`: the paper's rows, λ on decades.
Experiment e5Table(int dataset, bool asWritten = false);
Experiment breastCancerTable();
Experiment newsgroupPairsTable();
Experiment e6ClassificationTable();
Experiment e6RegressionTable();
Experiment e6AlgorithmsTable();
Experiment waveformTable();
Experiment reutersTable();
// E3 with experts N(0, I), or `separated`: N(0, 10²I), the best answer the true expert's.
Experiment e3Table(bool separated = false);
// E4 at λ = 1e-4 (the paper's 1e-2 on each group's sum of squares, read on our mean), or
// `asWritten`: λ = 1e-2 on ours as printed.
Experiment e4Table(bool asWritten = false);
Experiment tasksTable();
Experiment newsgroupTopicsTable();

}  // namespace supclust
