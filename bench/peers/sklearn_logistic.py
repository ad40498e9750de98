"""Times scikit-learn's logistic fits on the designs bench/logistic.mjs wrote (the same bytes).

Usage: python3 sklearn_logistic.py <dir> <repeats>. Reads <dir>/logistic-cases.json and each
case's X and y (float64, row-major), fits with scikit-learn's defaults for that penalty (l2:
lbfgs; l1: liblinear) at C = 1 / (n λ), the same objective as supclust's
1/n Σ log(1 + exp(−ỹ z)) + λ/2 ‖w‖² (or + λ ‖w‖₁), and prints JSON: the median time of the
timed fits and the coefficients, so that the caller evaluates both answers in one objective.
"""
import json
import sys
import time

import numpy as np
from sklearn.linear_model import LogisticRegression

directory, repeats = sys.argv[1], int(sys.argv[2])
with open(f"{directory}/logistic-cases.json") as f:
    cases = json.load(f)
out = []
for c in cases:
    n, d = c["n"], c["d"]
    X = np.fromfile(f"{directory}/{c['data']}-X.f64").reshape(n, d)
    y = np.fromfile(f"{directory}/{c['data']}-y.f64")
    C = 1.0 / (n * c["lambda"])
    if c["penalty"] == "l2":
        model = LogisticRegression(C=C, solver="lbfgs", max_iter=100000)
    else:
        model = LogisticRegression(C=C, penalty="l1", solver="liblinear", max_iter=100000)
    times = []
    for r in range(repeats + 2):  # two untimed warm-up fits
        t0 = time.perf_counter()
        model.fit(X, y)
        if r >= 2:
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    out.append({"case": c["case"], "ms": times[len(times) // 2], "solver": model.solver,
                "coef": model.coef_.ravel().tolist(), "intercept": float(model.intercept_[0])})
print(json.dumps(out))
