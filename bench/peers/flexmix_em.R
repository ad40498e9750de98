# Times flexmix's EM for a mixture of linear regressions (or of logistic classifiers) on the data bench/experts_em.mjs wrote
# (the same bytes), and writes its answers for the comparison.
#
# Usage: Rscript flexmix_em.R <dir> <repeats> <timed ms> <max repeats> <case>. Reads
# <dir>/flexmix-em.tsv (case, data, n, d, Q, concomitant, binomial) and <data>-X.f64 (row-major n × d),
# <data>-y.f64; runs the row named <case>: flexmix(y ~ X, k = Q) at flexmix's defaults (iter.max
# 200, tolerance 1e-6, minprior 0.05), with the concomitant model FLXPmultinom(~ X) when
# `concomitant`, once from a seeded random partition (timed as glmnet_fits.R times a fit:
# glmnet_shared.R's rule) and as stepFlexmix(nrep = 10), flexmix's restarts (timed once). Prints
# JSON: the median single-run time, the ten runs' time, each run's log-likelihood and the best
# run's coefficients (d + 1 rows: intercept first, one column per component) and σ (regressions).
# With `binomial`, the experts are logistic: cbind(y, 1 − y) ~ X with FLXMRglm(family = "binomial").
suppressMessages(library(flexmix))
source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE))), "glmnet_shared.R"))
cases <- read.delim(file.path(dir, "flexmix-em.tsv"), stringsAsFactors = FALSE)
c <- cases[cases$case == args[5], ]
n <- c$n; d <- c$d; Q <- c$Q
X <- read_design(c$data, n, d, FALSE)
y <- read_f64(paste0(c$data, "-y.f64"), n)
frame <- data.frame(y = y, X = I(X))
concomitant <- if (as.logical(c$concomitant)) FLXPmultinom(~ X) else NULL
# Binary labels: logistic experts (the successes and failures of each row), else regressions.
binomial <- as.logical(c$binomial)
formula <- if (binomial) cbind(y, 1 - y) ~ X else y ~ X
model <- if (binomial) FLXMRglm(family = "binomial") else FLXMRglm()
em <- function() if (is.null(concomitant)) flexmix(formula, data = frame, k = Q, model = model) else
  flexmix(formula, data = frame, k = Q, model = model, concomitant = concomitant)
once <- function() {
  set.seed(1)
  em()
}
single <- timed_median(once)
t0 <- proc.time()[["elapsed"]]
set.seed(2)
runs <- if (is.null(concomitant)) stepFlexmix(formula, data = frame, k = Q, model = model, nrep = 10, verbose = FALSE) else
  stepFlexmix(formula, data = frame, k = Q, model = model, nrep = 10, verbose = FALSE, concomitant = concomitant)
tenMs <- (proc.time()[["elapsed"]] - t0) * 1000
# stepFlexmix keeps the best of its runs; each run's log-likelihood is recomputed from ten fresh ones.
logLiks <- sapply(1:10, function(r) { set.seed(100 + r); as.numeric(logLik(em())) })
p <- parameters(runs)
cat(sprintf('{"case":"%s","singleMs":%.6g,"singleLogLik":%.17g,"singleComponents":%d,"tenMs":%.6g,"bestLogLik":%.17g,"components":%d,"logLiks":[%s],"coef":[%s],"rows":%d}\n',
            c$case, single$ms, as.numeric(logLik(single$answer)), length(single$answer@size), tenMs, as.numeric(logLik(runs)), ncol(p),
            paste(sprintf("%.17g", logLiks), collapse = ","), paste(sprintf("%.17g", as.numeric(p)), collapse = ","), nrow(p)))
