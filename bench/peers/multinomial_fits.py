"""Times scikit-learn's multinomial LogisticRegression on the design bench/multinomial.mjs wrote.

Usage: python3 multinomial_fits.py <dir> <repeats> <timed ms> <max repeats>. Reads
<dir>/multinomial-cases.json; each case's design <data>-X.f64 (float64, row-major) and labels
<data>-classes.f64. supclust's 1/n Σ softmax loss + λ/2‖W‖² is LogisticRegression(C = 1/(nλ),
multi_class='multinomial') with lbfgs at its defaults; + λ‖W‖₁ the same with penalty 'l1' and
saga. Timed as bench/sklearn.mjs times supclust's. Prints JSON: per case the median time, the
coefficients (d × K row-major) and K intercepts.
"""
import json
import sys
import time

import numpy as np
from sklearn.linear_model import LogisticRegression

directory, repeats, timed_ms, max_repeats = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
with open(f"{directory}/multinomial-cases.json") as f:
    cases = json.load(f)
out = []
for c in cases:
    n, d = c["n"], c["d"]
    X = np.fromfile(f"{directory}/{c['data']}-X.f64").reshape(n, d)
    y = np.fromfile(f"{directory}/{c['data']}-classes.f64")
    C = 1.0 / (n * c["lambda"])
    model = (LogisticRegression(C=C, multi_class="multinomial", solver="lbfgs", max_iter=100000) if c["alpha"] == 0
             else LogisticRegression(C=C, penalty="l1", multi_class="multinomial", solver="saga", max_iter=100000))
    for _ in range(2):
        model.fit(X, y)
    times = []
    while len(times) < repeats or (sum(times) < timed_ms and len(times) < max_repeats):
        t0 = time.perf_counter()
        model.fit(X, y)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    out.append({"case": c["case"], "solver": model.solver, "ms": times[len(times) // 2],
                "coef": model.coef_.T.ravel().tolist(), "intercept": model.intercept_.tolist()})
print(json.dumps(out))
