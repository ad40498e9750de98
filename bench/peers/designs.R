# The designs bench/sklearn.mjs and bench/paths.mjs write, read for glmnet (sourced by
# glmnet_fits.R and glmnet_paths.R): <data>-X.f64 (float64, row-major) or, when sparse,
# <data>-indptr.i32, <data>-indices.i32, <data>-values.f64 (CSR, given to glmnet as a dgCMatrix).
read_f64 <- function(dir, name, count) readBin(file.path(dir, name), "double", count)
read_i32 <- function(dir, name, count) readBin(file.path(dir, name), "integer", count, size = 4)
read_design <- function(dir, data, n, d, sparse) {
  if (!sparse) return(matrix(read_f64(dir, paste0(data, "-X.f64"), n * d), nrow = n, ncol = d, byrow = TRUE))
  indptr <- read_i32(dir, paste0(data, "-indptr.i32"), n + 1)
  nnz <- indptr[n + 1]
  as(new("dgRMatrix", p = indptr, j = read_i32(dir, paste0(data, "-indices.i32"), nnz),
         x = read_f64(dir, paste0(data, "-values.f64"), nnz), Dim = c(as.integer(n), as.integer(d))), "CsparseMatrix")
}
