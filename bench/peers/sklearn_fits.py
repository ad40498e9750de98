"""Times scikit-learn's fits on the designs bench/sklearn.mjs wrote (the same bytes).

Usage: python3 sklearn_fits.py <dir> <repeats> <timed ms> <max repeats> [<case>]. Reads <dir>/sklearn-cases.json (only
the case named <case>, when given: bench/sklearn.mjs times each case's contenders one after another); each case's
targets are the file its "y" names (labels or the regression target) and its design either <name>-X.f64 (float64, row-major) or, for sparse designs,
<name>-indptr.i32, <name>-indices.i32 and <name>-values.f64 (CSR, given to scikit-learn as a
scipy.sparse.csr_matrix). Each fit is scikit-learn's own for that objective, at the parameters
that make it supclust's:
  lasso        Lasso(alpha=λ)                         1/(2n)‖y − Xw − b‖² + λ‖w‖₁
  elasticnet   ElasticNet(alpha=λ, l1_ratio=α)        … + λα‖w‖₁ + λ(1 − α)/2‖w‖²
  logistic-l2  LogisticRegression(lbfgs, C=1/(nλ))    1/n Σ log(1 + exp(−ỹz)) + λ/2‖w‖²
  logistic-l1  LogisticRegression(liblinear, l1, C)   … + λ‖w‖₁ (liblinear also penalises b)
  svm          LinearSVC(hinge, dual, C=1/(nλ))       1/n Σ max(0, 1 − ỹz) + λ/2(‖w‖² + b²)
                                                      (b of the rows as given: supclust's bias 'liblinear')
Each fit is timed as bench/sklearn.mjs times supclust's: two untimed warm-up fits, then at least
<repeats> timed ones and more until they add up to <timed ms>, at most <max repeats>.
A case with "weightsFile" fits with those observation weights (sample_weight; C = 1/(λ Σw) in place
of 1/(nλ)).
Prints JSON: the median time of the timed fits and the coefficients, so that the caller
evaluates both answers in one objective. The SVM is also fitted at tol = 1e-10 ("tight"):
at its default tol (1e-4, on the projected gradients' spread) liblinear stops far from the
optimum (relative gaps of 1e-3 are common).
"""
import json
import sys
import time

import numpy as np
import scipy.sparse as sp
from sklearn.linear_model import ElasticNet, Lasso, LogisticRegression
from sklearn.svm import LinearSVC

directory, repeats, timed_ms, max_repeats = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
only = sys.argv[5] if len(sys.argv) > 5 else None
with open(f"{directory}/sklearn-cases.json") as f:
    cases = [c for c in json.load(f) if only is None or c["case"] == only]
out = []
for c in cases:
    n, d, name = c["n"], c["d"], c["data"]
    y = np.fromfile(f"{directory}/{c['y']}")
    if c["sparse"]:
        X = sp.csr_matrix((np.fromfile(f"{directory}/{name}-values.f64"),
                           np.fromfile(f"{directory}/{name}-indices.i32", dtype=np.int32),
                           np.fromfile(f"{directory}/{name}-indptr.i32", dtype=np.int32)), shape=(n, d))
    else:
        X = np.fromfile(f"{directory}/{name}-X.f64").reshape(n, d)
    lam = c["lambda"]
    # Observation weights (a case's "weightsFile"): sample_weight, with C = 1/(λ Σw) for the
    # logistic fits and the SVM (Lasso and ElasticNet rescale the weights to sum to n themselves).
    sw = np.fromfile(f"{directory}/{c['weightsFile']}") if c.get("weightsFile") else None
    n = float(sw.sum()) if sw is not None and c["fit"] not in ("lasso", "elasticnet") else n
    if c["fit"] == "lasso":
        model = Lasso(alpha=lam, max_iter=100000)
    elif c["fit"] == "elasticnet":
        model = ElasticNet(alpha=lam, l1_ratio=c["alpha"], max_iter=100000)
    elif c["fit"] == "logistic-l2":
        model = LogisticRegression(C=1.0 / (n * lam), solver="lbfgs", max_iter=100000)
    elif c["fit"] == "svm":
        model = LinearSVC(C=1.0 / (n * lam), loss="hinge", dual=True, max_iter=100000)
    else:
        model = LogisticRegression(C=1.0 / (n * lam), penalty="l1", solver="liblinear", max_iter=100000)
    def timed(model):
        for _ in range(2):  # untimed warm-up fits
            model.fit(X, y, sample_weight=sw)
        times = []
        while len(times) < repeats or (sum(times) < timed_ms and len(times) < max_repeats):
            t0 = time.perf_counter()
            model.fit(X, y, sample_weight=sw)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        return {"ms": times[len(times) // 2], "coef": np.ravel(model.coef_).tolist(),
                "intercept": float(np.ravel(model.intercept_)[0])}
    solver = getattr(model, "solver", "liblinear" if c["fit"] == "svm" else "cd")
    fit = {"case": c["case"], "solver": solver, **timed(model)}
    if c["fit"] == "svm":
        fit["tight"] = timed(LinearSVC(C=1.0 / (n * lam), loss="hinge", dual=True, max_iter=100000, tol=1e-10))
    out.append(fit)
print(json.dumps(out))
