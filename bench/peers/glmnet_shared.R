# What glmnet_fits.R and glmnet_paths.R share (each sources it after loading glmnet): their first
# four arguments (<dir> <repeats> <timed ms> <max repeats>), the designs bench/sklearn.mjs and
# bench/paths.mjs write into <dir> — <data>-X.f64 (float64, row-major) or, when sparse,
# <data>-indptr.i32, <data>-indices.i32, <data>-values.f64 (CSR, given to glmnet as a dgCMatrix) —
# and the timing rule bench/sklearn.mjs times ours by.
args <- commandArgs(trailingOnly = TRUE)
dir <- args[1]
repeats <- as.integer(args[2])
timedMs <- as.numeric(args[3])
maxRepeats <- as.integer(args[4])
read_f64 <- function(name, count) readBin(file.path(dir, name), "double", count)
read_i32 <- function(name, count) readBin(file.path(dir, name), "integer", count, size = 4)
read_design <- function(data, n, d, sparse) {
  if (!as.logical(sparse)) return(matrix(read_f64(paste0(data, "-X.f64"), n * d), nrow = n, ncol = d, byrow = TRUE))
  indptr <- read_i32(paste0(data, "-indptr.i32"), n + 1)
  nnz <- indptr[n + 1]
  as(new("dgRMatrix", p = indptr, j = read_i32(paste0(data, "-indices.i32"), nnz),
         x = read_f64(paste0(data, "-values.f64"), nnz), Dim = c(as.integer(n), as.integer(d))), "CsparseMatrix")
}
# Two untimed warm-up calls of once(), then at least `repeats` timed ones and more until they add
# up to <timed ms>, at most <max repeats>: the median time in ms and the last answer.
timed_median <- function(once) {
  for (r in 1:2) answer <- once()
  times <- numeric(0)
  while (length(times) < repeats || (sum(times) < timedMs && length(times) < maxRepeats)) {
    t0 <- proc.time()[["elapsed"]]
    answer <- once()
    times <- c(times, (proc.time()[["elapsed"]] - t0) * 1000)
  }
  list(ms = median(times), answer = answer)
}
