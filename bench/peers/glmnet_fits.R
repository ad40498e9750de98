# Times glmnet's fits on the designs bench/sklearn.mjs wrote (the same bytes).
#
# Usage: Rscript glmnet_fits.R <dir> <repeats> <timed ms> <max repeats> [<case>]. Reads <dir>/glmnet-cases.tsv (case,
# fit, data, n, d, sparse, lambda, alpha, y, standardize, factors (a file of d penalty factors, or empty),
# weights (a file of n observation weights, or empty: glmnet's weights, which the weighted
# objective (1/Σw) Σ wᵢ ℓᵢ + penalty of both reads; the weighted cases are lasso and logistic, whose
# gaussian scaling of y cancels);
# only the case named <case>, when given); each
# design as glmnet_shared.R reads it. glmnet's objective is supclust's at the same standardize
# (TRUE: the penalty on w_j times column j's standard deviation, 1/n, both):
#   lasso, elasticnet  gaussian   1/(2n)‖y − Xw − b‖² + λα‖w‖₁ + λ(1 − α)/2‖w‖²
#   logistic-l1/-l2    binomial   1/n Σ log(1 + exp(−ỹz)) + λα‖w‖₁ (α = 1) or λ/2‖w‖² (α = 0)
# on the single λ asked, at glmnet's default convergence threshold (thresh = 1e-7) and tightened
# (1e-12). For the gaussian family glmnet scales y to unit variance (s: its standard deviation,
# 1/n) and solves there with the λ given: the problem above divided by s², in w' = w / s, is
# 1/(2n)‖y/s − Xw' − b'‖² + (λα/s)‖w'‖₁ + λ(1 − α)/2‖w'‖², so glmnet is given y / s,
# λ' = λ(α/s + 1 − α) and α' = (λα/s) / λ', and its coefficients are multiplied by s.
# Each fit is timed as bench/sklearn.mjs times supclust's (glmnet_shared.R's timed_median).
# Prints JSON: the median time of the timed fits and the coefficients, so that the caller
# evaluates every answer in one objective.
suppressMessages(library(glmnet))
source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE))), "glmnet_shared.R"))
cases <- read.delim(file.path(dir, "glmnet-cases.tsv"), stringsAsFactors = FALSE)
if (length(args) > 4) cases <- cases[cases$case == args[5], ]
rows <- character(0)
for (k in seq_len(nrow(cases))) {
  c <- cases[k, ]
  n <- c$n; d <- c$d
  X <- read_design(c$data, n, d, c$sparse)
  y <- read_f64(c$y, n)
  factors <- if (is.na(c$factors) || c$factors == "") rep(1, d) else read_f64(c$factors, d)
  weights <- if (is.na(c$weights) || c$weights == "") rep(1, n) else read_f64(c$weights, n)
  logistic <- startsWith(c$fit, "logistic")
  alpha <- if (c$fit == "elasticnet") c$alpha else if (c$fit == "logistic-l2") 0 else 1
  s <- if (logistic) 1 else sqrt(mean((y - mean(y))^2))
  target <- if (logistic) factor(y) else y / s
  lambda <- c$lambda * (alpha / s + 1 - alpha)
  alpha <- if (alpha == 0) 0 else c$lambda * alpha / s / lambda
  timed <- function(thresh) {
    fitOnce <- function() glmnet(X, target, family = if (logistic) "binomial" else "gaussian", alpha = alpha,
                                  lambda = lambda, standardize = c$standardize, intercept = TRUE, thresh = thresh,
                                  penalty.factor = factors, weights = weights)
    run <- timed_median(fitOnce)
    beta <- as.numeric(coef(run$answer)) * s
    sprintf('{"ms":%.6g,"coef":[%s],"intercept":%.17g}', run$ms, paste(sprintf("%.17g", beta[-1]), collapse = ","), beta[1])
  }
  rows <- c(rows, sprintf('{"case":"%s","default":%s,"tight":%s}', c$case, timed(1e-7), timed(1e-12)))
}
cat("[", paste(rows, collapse = ","), "]\n", sep = "")
