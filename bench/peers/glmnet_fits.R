# Times glmnet's fits on the designs bench/sklearn.mjs wrote (the same bytes).
#
# Usage: Rscript glmnet_fits.R <dir> <repeats> <timed ms> <max repeats> [<case>]. Reads <dir>/glmnet-cases.tsv (case,
# fit, data, n, d, sparse, lambda, alpha, y; only the case named <case>, when given); each design as
# designs.R reads it. glmnet's objective is supclust's at standardize = FALSE:
#   lasso, elasticnet  gaussian   1/(2n)‖y − Xw − b‖² + λα‖w‖₁ + λ(1 − α)/2‖w‖²
#   logistic-l1/-l2    binomial   1/n Σ log(1 + exp(−ỹz)) + λα‖w‖₁ (α = 1) or λ/2‖w‖² (α = 0)
# on the single λ asked, at glmnet's default convergence threshold (thresh = 1e-7) and tightened
# (1e-12). For the gaussian family glmnet scales y to unit variance (s: its standard deviation,
# 1/n) and solves there with the λ given: the problem above divided by s², in w' = w / s, is
# 1/(2n)‖y/s − Xw' − b'‖² + (λα/s)‖w'‖₁ + λ(1 − α)/2‖w'‖², so glmnet is given y / s,
# λ' = λ(α/s + 1 − α) and α' = (λα/s) / λ', and its coefficients are multiplied by s.
# Each fit is timed as bench/sklearn.mjs times supclust's: two untimed warm-up fits, then at least
# <repeats> timed ones and more until they add up to <timed ms>, at most <max repeats>.
# Prints JSON: the median time of the timed fits and the coefficients, so that the caller
# evaluates every answer in one objective.
suppressMessages(library(glmnet))
args <- commandArgs(trailingOnly = TRUE)
dir <- args[1]
repeats <- as.integer(args[2])
timedMs <- as.numeric(args[3])
maxRepeats <- as.integer(args[4])
cases <- read.delim(file.path(dir, "glmnet-cases.tsv"), stringsAsFactors = FALSE)
if (length(args) > 4) cases <- cases[cases$case == args[5], ]
source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE))), "designs.R"))
rows <- character(0)
for (k in seq_len(nrow(cases))) {
  c <- cases[k, ]
  n <- c$n; d <- c$d
  X <- read_design(dir, c$data, n, d, c$sparse)
  y <- read_f64(dir, c$y, n)
  logistic <- startsWith(c$fit, "logistic")
  alpha <- if (c$fit == "elasticnet") c$alpha else if (c$fit == "logistic-l2") 0 else 1
  s <- if (logistic) 1 else sqrt(mean((y - mean(y))^2))
  target <- if (logistic) factor(y) else y / s
  lambda <- c$lambda * (alpha / s + 1 - alpha)
  alpha <- if (alpha == 0) 0 else c$lambda * alpha / s / lambda
  timed <- function(thresh) {
    fitOnce <- function() glmnet(X, target, family = if (logistic) "binomial" else "gaussian", alpha = alpha,
                                  lambda = lambda, standardize = FALSE, intercept = TRUE, thresh = thresh)
    for (r in 1:2) model <- fitOnce()  # untimed warm-up fits
    times <- numeric(0)
    while (length(times) < repeats || (sum(times) < timedMs && length(times) < maxRepeats)) {
      t0 <- proc.time()[["elapsed"]]
      model <- fitOnce()
      times <- c(times, (proc.time()[["elapsed"]] - t0) * 1000)
    }
    beta <- as.numeric(coef(model)) * s
    sprintf('{"ms":%.6g,"coef":[%s],"intercept":%.17g}', median(times), paste(sprintf("%.17g", beta[-1]), collapse = ","), beta[1])
  }
  rows <- c(rows, sprintf('{"case":"%s","default":%s,"tight":%s}', c$case, timed(1e-7), timed(1e-12)))
}
cat("[", paste(rows, collapse = ","), "]\n", sep = "")
