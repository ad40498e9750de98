# glmnet's relaxed fits (relax = TRUE, gamma = 0) on the bytes the test reads too. Usage:
#   Rscript glmnet_relax.R <diabetes.txt> <out dir>
# Writes <out>/X.f64 (diabetes' 10 columns, row-major), y.f64 and labels.f64 (y above its median),
# then prints JSON: per fit the penalised and the relaxed coef and intercept, at one λ each (thresh
# 1e-14): a gaussian lasso and a binomial lasso, standardize = FALSE.
suppressMessages(library(glmnet))
args <- commandArgs(trailingOnly = TRUE)
rows <- as.matrix(read.table(args[1], comment.char = "#"))
X <- rows[, 1:10]
y <- rows[, 11]
labels <- as.numeric(y > median(y))
f64 <- function(name, v) writeBin(as.double(v), file.path(args[2], paste0(name, ".f64")), size = 8, endian = "little")
f64("X", t(X))
f64("y", y)
f64("labels", labels)
json <- function(b) sprintf('{"intercept": %.17g, "coef": [%s]}', b[1], paste(sprintf("%.17g", b[-1]), collapse = ", "))
# The relaxed fit (gamma = 0) is the glmnet object fit$relaxed, one column per λ.
both <- function(fit) {
  sprintf('{"penalised": %s, "relaxed": %s}', json(c(fit$a0, as.numeric(fit$beta))), json(c(fit$relaxed$a0, as.numeric(fit$relaxed$beta))))
}
gaussian <- glmnet(X, y, lambda = 2, relax = TRUE, standardize = FALSE, thresh = 1e-14, maxit = 1e7)
binomial <- glmnet(X, labels, family = "binomial", lambda = 0.02, relax = TRUE, standardize = FALSE, thresh = 1e-14, maxit = 1e7)
cat("{", '"gaussian":', both(gaussian), ",", '"binomial":', both(binomial), "}\n")
