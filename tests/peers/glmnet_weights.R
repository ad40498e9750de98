# glmnet's fits with observation weights on the bytes the test reads too. Usage:
#   Rscript glmnet_weights.R <diabetes.txt> <out dir>
# Writes <out>/X.f64 (diabetes' 10 columns, row-major), y.f64, labels.f64 (y above its median),
# classes.f64 (y's tertile, 0..2) and w.f64 (weights 0.5 + ((7i) mod 5)/2, i = 1..n), then prints
# JSON: each fit's coef and intercept. Tight thresholds (thresh 1e-14), one λ each: a weighted
# gaussian lasso; a weighted binomial lasso; a weighted gaussian lasso with penalty.factor and
# standardize = TRUE; a weighted multinomial lasso with penalty.factor (coef d × K row-major);
# without an intercept (intercept = FALSE): the weighted gaussian and binomial lassos, and the
# gaussian one with penalty.factor and standardize = TRUE; with row offsets o.f64 (offset = o):
# the weighted gaussian and binomial lassos.
suppressMessages(library(glmnet))
args <- commandArgs(trailingOnly = TRUE)
rows <- as.matrix(read.table(args[1], comment.char = "#"))
X <- rows[, 1:10]
y <- rows[, 11]
n <- nrow(X)
labels <- as.numeric(y > median(y))
classes <- as.numeric(cut(y, quantile(y, c(0, 1/3, 2/3, 1)), include.lowest = TRUE)) - 1
w <- 0.5 + ((7 * seq_len(n)) %% 5) / 2
f64 <- function(name, v) writeBin(as.double(v), file.path(args[2], paste0(name, ".f64")), size = 8, endian = "little")
f64("X", t(X))
f64("y", y)
f64("labels", labels)
f64("classes", classes)
f64("w", w)
o <- 0.4 * sin(1.7 * seq_len(n))
f64("o", o)
factors <- c(0, 1, 2, 1, 1, 0.5, 1, 1, 3, 1)
fitted <- function(fit) {
  b <- as.numeric(coef(fit))
  sprintf('{"intercept": %.17g, "coef": [%s]}', b[1], paste(sprintf("%.17g", b[-1]), collapse = ", "))
}
multinomial <- function(fit) {
  B <- sapply(coef(fit), function(b) as.numeric(b))  # (1 + d) × K
  sprintf('{"intercept": [%s], "coef": [%s]}', paste(sprintf("%.17g", B[1, ]), collapse = ", "),
          paste(sprintf("%.17g", t(B[-1, ])), collapse = ", "))
}
cat("{",
    '"gaussian":', fitted(glmnet(X, y, weights = w, lambda = 0.5, standardize = FALSE, thresh = 1e-14, maxit = 1e7)), ",",
    '"binomial":', fitted(glmnet(X, labels, family = "binomial", weights = w, lambda = 0.01, standardize = FALSE, thresh = 1e-14, maxit = 1e7)), ",",
    '"factors":', fitted(glmnet(X, y, weights = w, lambda = 0.5, penalty.factor = factors, standardize = TRUE, thresh = 1e-14, maxit = 1e7)), ",",
    '"multinomial":', multinomial(glmnet(X, factor(classes), family = "multinomial", weights = w, lambda = 0.02, penalty.factor = factors,
                                         standardize = FALSE, thresh = 1e-14, maxit = 1e7)), ",",
    '"gaussianOrigin":', fitted(glmnet(X, y, weights = w, lambda = 0.5, intercept = FALSE, standardize = FALSE, thresh = 1e-14, maxit = 1e7)), ",",
    '"binomialOrigin":', fitted(glmnet(X, labels, family = "binomial", weights = w, lambda = 0.01, intercept = FALSE, standardize = FALSE,
                                      thresh = 1e-14, maxit = 1e7)), ",",
    '"factorsOrigin":', fitted(glmnet(X, y, weights = w, lambda = 0.5, penalty.factor = factors, intercept = FALSE, standardize = TRUE,
                                     thresh = 1e-14, maxit = 1e7)), ",",
    '"gaussianOffset":', fitted(glmnet(X, y, weights = w, offset = 20 * o, lambda = 0.5, standardize = FALSE, thresh = 1e-14, maxit = 1e7)), ",",
    '"binomialOffset":', fitted(glmnet(X, labels, family = "binomial", weights = w, offset = o, lambda = 0.01, standardize = FALSE,
                                      thresh = 1e-14, maxit = 1e7)),
    "}\n")
