"""scikit-learn's fits at the parameters docs/coming-from.md converts supclust's to, on the bytes
the test reads too. Usage: python3 sklearn_conventions.py <diabetes.txt> <out dir> <lambda>.
Writes <out>/diabetes-X.f64, diabetes-y.f64 (raw, from the fixture), diabetes-w.f64 and cancer-w.f64 (observation weights), cancer-X.f64 (load_breast_cancer
as shipped), cancer-Z.f64 (its columns scaled by StandardScaler, 1/n variance) and cancer-y.f64, iris-X.f64 and iris-y.f64,
digits-X.f64 and digits-y.f64;
prints JSON: each fit's coef and intercept. λ is supclust's; n the rows of the data fitted."""
import json
import sys

import numpy as np
from sklearn.datasets import load_breast_cancer, load_digits, load_iris
from sklearn.linear_model import Lasso, LogisticRegression, Ridge
from sklearn.multiclass import OneVsRestClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC

fixture, out, lam = sys.argv[1], sys.argv[2], float(sys.argv[3])
rows = np.array([[float(v) for v in line.split()] for line in open(fixture) if line.strip() and not line.startswith("#")])
X, y = rows[:, :10].copy(), rows[:, 10].copy()
cancer = load_breast_cancer()
C, t = cancer.data.astype(np.float64), cancer.target.astype(np.float64)
Z = StandardScaler().fit_transform(C)
iris = load_iris()
I, k = iris.data.astype(np.float64), iris.target.astype(np.float64)
digits = load_digits()
G, g = digits.data.astype(np.float64), digits.target.astype(np.float64)
# Observation weights (sample_weight): seeded, in [0.2, 3).
w, v = np.random.default_rng(1).uniform(0.2, 3, X.shape[0]), np.random.default_rng(2).uniform(0.2, 3, C.shape[0])
for name, a in [("diabetes-X", X), ("diabetes-y", y), ("diabetes-w", w), ("cancer-X", C), ("cancer-Z", Z), ("cancer-y", t), ("cancer-w", v),
                ("iris-X", I), ("iris-y", k), ("digits-X", G), ("digits-y", g)]:
    np.ascontiguousarray(a).tofile(f"{out}/{name}.f64")
n, m, q = X.shape[0], C.shape[0], I.shape[0]


def fitted(model, A, b, weights=None):
    model.fit(A, b, sample_weight=weights)
    return {"coef": np.ravel(model.coef_).tolist(), "intercept": float(np.ravel(model.intercept_)[0])}


print(json.dumps({
    "ridge": fitted(Ridge(alpha=n * lam), X, y),
    "lasso": fitted(Lasso(alpha=lam, tol=1e-12, max_iter=1000000), X, y),
    "logistic-l2": fitted(LogisticRegression(C=1 / (m * lam), solver="newton-cholesky", tol=1e-12, max_iter=1000), Z, t),
    "logistic-l1": fitted(LogisticRegression(C=1 / (m * lam), penalty="l1", solver="saga", tol=1e-12, max_iter=1000000), Z, t),
    "ova": (lambda o: {"coef": np.column_stack([e.coef_.ravel() for e in o.estimators_]).ravel().tolist(),
                   "intercept": [float(e.intercept_[0]) for e in o.estimators_], "proba": o.predict_proba(I).ravel().tolist()})(
        OneVsRestClassifier(LogisticRegression(C=1 / (q * lam), solver="newton-cholesky", tol=1e-12, max_iter=1000)).fit(I, k)),
    "svm": fitted(LinearSVC(C=1 / (m * lam), loss="hinge", dual=True, tol=1e-10, max_iter=1000000), Z, t),
    # Weighted: Ridge's alpha = λ Σw, Lasso's alpha = λ (it rescales the weights to sum to n), and
    # LogisticRegression's and LinearSVC's C = 1/(λ Σw).
    # Multinomial (LogisticRegression's default on K > 2 classes): its probabilities on iris.
    "multinomial": (lambda o: {"coef": o.coef_.T.ravel().tolist(), "proba": o.predict_proba(I).ravel().tolist()})(
        LogisticRegression(C=1 / (q * lam), multi_class="multinomial", solver="newton-cg", tol=1e-12, max_iter=10000).fit(I, k)),
    # ... and on digits (1797 × 64, ten classes): its coefficients, intercepts and training accuracy.
    "digits": (lambda o: {"coef": o.coef_.T.ravel().tolist(), "intercept": o.intercept_.tolist(), "accuracy": float(o.score(G, g))})(
        LogisticRegression(C=1 / (G.shape[0] * lam), multi_class="multinomial", solver="newton-cg", tol=1e-12, max_iter=100000).fit(G, g)),
    # LinearSVC over iris's three classes (one-vs-rest): coef_ transposed (d × K row-major), intercepts.
    "svm-ova": (lambda o: {"coef": o.coef_.T.ravel().tolist(), "intercept": o.intercept_.tolist()})(
        LinearSVC(C=1 / (q * lam), loss="hinge", dual=True, tol=1e-10, max_iter=1000000).fit(I, k)),
    "svm-weighted": fitted(LinearSVC(C=1 / (v.sum() * lam), loss="hinge", dual=True, tol=1e-10, max_iter=1000000), Z, t, v),
    "ridge-weighted": fitted(Ridge(alpha=w.sum() * lam), X, y, w),
    "lasso-weighted": fitted(Lasso(alpha=lam, tol=1e-12, max_iter=1000000), X, y, w),
    "logistic-l2-weighted": fitted(LogisticRegression(C=1 / (v.sum() * lam), solver="newton-cholesky", tol=1e-12, max_iter=1000), Z, t, v),
}))
