# Times glmnet's multinomial fits on the design bench/multinomial.mjs wrote (the same bytes).
#
# Usage: Rscript multinomial_fits.R <dir> <repeats> <timed ms> <max repeats>. Reads
# <dir>/multinomial-cases.tsv (case, data, n, d, K, lambda, alpha: 0 ridge, 1 lasso) and each
# design as glmnet_shared.R reads it, the labels 0..K−1 from <data>-classes.f64. glmnet's
# family = "multinomial" (type.multinomial "ungrouped") minimises supclust's objective
#   1/n Σᵢ [log Σₖ exp zᵢₖ − zᵢ,yᵢ] + λα‖W‖₁ + λ(1 − α)/2‖W‖²
# at thresh 1e-7 (its default) and 1e-12, standardize = FALSE. Prints JSON: per case the median
# times and the coefficients (d × K row-major) and K intercepts.
suppressMessages(library(glmnet))
source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE))), "glmnet_shared.R"))
cases <- read.delim(file.path(dir, "multinomial-cases.tsv"), stringsAsFactors = FALSE)
rows <- character(0)
for (k in seq_len(nrow(cases))) {
  c <- cases[k, ]
  X <- read_design(c$data, c$n, c$d, FALSE)
  y <- factor(read_f64(paste0(c$data, "-classes.f64"), c$n))
  timed <- function(thresh) {
    run <- timed_median(function() glmnet(X, y, family = "multinomial", alpha = c$alpha, lambda = c$lambda,
                                          standardize = FALSE, thresh = thresh, maxit = 1e7))
    b <- coef(run$answer)
    W <- sapply(b, function(m) as.numeric(m)[-1])
    b0 <- sapply(b, function(m) as.numeric(m)[1])
    sprintf('{"ms":%.6g,"coef":[%s],"intercept":[%s]}', run$ms, paste(sprintf("%.17g", t(W)), collapse = ","),
            paste(sprintf("%.17g", b0), collapse = ","))
  }
  rows <- c(rows, sprintf('{"case":"%s","default":%s,"tight":%s}', c$case, timed(1e-7), timed(1e-12)))
}
cat("[", paste(rows, collapse = ","), "]\n", sep = "")
