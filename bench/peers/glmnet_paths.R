# Times glmnet's own regularisation paths on the designs bench/paths.mjs wrote (the same bytes).
#
# Usage: Rscript glmnet_paths.R <dir> <repeats> <timed ms> <max repeats> <case>. Reads
# <dir>/glmnet-paths.tsv (case, file, family, data, n, d, sparse, y) and runs the row named <case>:
# glmnet(X, y, family, standardize = FALSE) with its defaults (nlambda = 100, lambda.min.ratio
# 1e-4 when n > d else 1e-2, its early stops), at its default convergence threshold (1e-7) and
# tightened (1e-10). The gaussian target has unit variance (1/n) already, so glmnet's internal
# scaling of y is the identity and its λ is supclust's: 1/(2n)‖y − Xw − b‖² + λ‖w‖₁ (binomial:
# 1/n Σ log(1 + exp(−ỹz)) + λ‖w‖₁). Timed as glmnet_fits.R times a fit (glmnet_shared.R). Writes each answer's
# coefficients to <dir>/<file>-<thresh>-beta.f64 (d × L, column-major) and prints JSON: the median
# time, the λ sequence and the intercepts.
suppressMessages(library(glmnet))
source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE))), "glmnet_shared.R"))
cases <- read.delim(file.path(dir, "glmnet-paths.tsv"), stringsAsFactors = FALSE)
c <- cases[cases$case == args[5], ]
n <- c$n; d <- c$d
X <- read_design(c$data, n, d, c$sparse)
y <- read_f64(c$y, n)
target <- if (c$family == "binomial") factor(y) else y
timed <- function(thresh, label) {
  fitOnce <- function() glmnet(X, target, family = c$family, standardize = FALSE, intercept = TRUE, thresh = thresh)
  run <- timed_median(fitOnce)
  model <- run$answer
  writeBin(as.numeric(as.matrix(model$beta)), file.path(dir, paste0(c$file, "-", label, "-beta.f64")))
  sprintf('{"ms":%.6g,"lambda":[%s],"intercept":[%s]}', run$ms, paste(sprintf("%.17g", model$lambda), collapse = ","),
          paste(sprintf("%.17g", as.numeric(model$a0)), collapse = ","))
}
cat(sprintf('{"case":"%s","default":%s,"tight":%s}\n', c$case, timed(1e-7, "default"), timed(1e-10, "tight")))
