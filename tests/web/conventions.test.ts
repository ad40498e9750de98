// docs/coming-from.md's conversions, fitted both ways on the same bytes: scikit-learn's Ridge,
// Lasso, LogisticRegression (l2 and l1) and LinearSVC at the parameters the page gives for
// supclust's λ, on scikit-learn's diabetes (the fixture) and breast-cancer data (as
// load_breast_cancer ships it, and scaled by StandardScaler), against our fits — and our
// `standardize: true` on the raw columns against scikit-learn on the scaled ones, and observation
// weights against sample_weight. Runs where
// Debian's python3-sklearn is installed (npm run bench installs it); skipped elsewhere.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accuracy, load } from '../../dist/node/index.js';
import { root } from './helpers.js';

const python = '/usr/bin/python3';
const hasSklearn = spawnSync(python, ['-c', 'import sklearn'], {}).status === 0;
const LAMBDA = 0.01;

/** The largest coefficient difference relative to the largest coefficient (intercept included). */
function gap(ours: { coef: number[]; intercept: number[] }, peer: { coef: number[]; intercept: number }) {
  const a = [...ours.coef, ours.intercept[0]],
    b = [...peer.coef, peer.intercept];
  return Math.max(...a.map((v, j) => Math.abs(v - b[j]))) / Math.max(...b.map(Math.abs));
}

describe.skipIf(!hasSklearn)("the conversions to scikit-learn's parameters (docs/coming-from.md)", () => {
  it('give the same fits on the same bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'supclust-conventions-'));
    const r = spawnSync(
      python,
      [join(root, 'tests/peers/sklearn_conventions.py'), join(root, 'tests/cpp/fixtures/diabetes.txt'), dir, String(LAMBDA)],
      { encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    const peer = JSON.parse(r.stdout);
    const bytes = (name: string) => {
      const b = readFileSync(join(dir, `${name}.f64`));
      return new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
    };
    const X = bytes('diabetes-X'),
      y = bytes('diabetes-y'),
      C = bytes('cancer-X'),
      Z = bytes('cancer-Z'),
      t = bytes('cancer-y');
    const sc = await load({ variant: 'simd' });
    const diabetes = { X, nRows: y.length, nCols: 10, y },
      cancer = { X: Z, nRows: t.length, nCols: 30, y: Array.from(t) };
    // Ridge(alpha = nλ): a closed form both ways.
    expect(gap(await sc.fit('ridge', { ...diabetes, lambda: LAMBDA }), peer.ridge)).toBeLessThan(1e-9);
    // Lasso(alpha = λ), both at tight tolerances.
    expect(gap(await sc.fit('lasso', { ...diabetes, lambda: LAMBDA, tolerance: 1e-12 }), peer.lasso)).toBeLessThan(1e-6);
    // LogisticRegression(C = 1/(nλ)), l2 (lbfgs) and l1 (saga): neither penalises the intercept.
    const l2 = await sc.fit('ridge', { ...cancer, loss: 'logistic', lambda: LAMBDA, tolerance: 1e-12 });
    expect(l2.classes).toEqual([0, 1]); // coef is class 1's, as scikit-learn's coef_ for classes_[1]
    expect(gap(l2, peer['logistic-l2'])).toBeLessThan(1e-6);
    expect(gap(await sc.fit('lasso', { ...cancer, loss: 'logistic', lambda: LAMBDA, tolerance: 1e-12 }), peer['logistic-l1'])).toBeLessThan(
      1e-5,
    );
    // OneVsRestClassifier(LogisticRegression(C = 1/(nλ))) on iris's three classes: K separate
    // binary fits, coef d × K (class k's column), probabilities normalised per row.
    const I = bytes('iris-X'),
      k = Array.from(bytes('iris-y'));
    const ova = await sc.fit('ridge', { X: I, nRows: k.length, nCols: 4, y: k, loss: 'ova-logistic', lambda: LAMBDA, tolerance: 1e-12 });
    const scale = Math.max(...peer.ova.coef.map(Math.abs));
    expect(Math.max(...ova.coef.map((v, j) => Math.abs(v - peer.ova.coef[j]))) / scale).toBeLessThan(1e-6);
    expect(Math.max(...ova.intercept.map((v, j) => Math.abs(v - peer.ova.intercept[j]))) / scale).toBeLessThan(1e-6);
    const proba = await sc.predictProba(ova, I, k.length, 4);
    expect(Math.max(...Array.from(proba, (v, j) => Math.abs(v - peer.ova.proba[j])))).toBeLessThan(1e-6);
    // LinearSVC(C = 1/(nλ), loss 'hinge'): liblinear's bias, regularised: bias 'liblinear'.
    expect(gap(await sc.fit('svm', { ...cancer, lambda: LAMBDA, bias: 'liblinear', tolerance: 1e-10 }), peer.svm)).toBeLessThan(1e-4);
    // standardize: true on the raw columns ≡ scikit-learn on StandardScaler's columns, with the
    // coefficients divided by the columns' standard deviations (1/n) and the intercept moved.
    const raw = await sc.fit('ridge', {
      X: C,
      nRows: t.length,
      nCols: 30,
      y: Array.from(t),
      loss: 'logistic',
      lambda: LAMBDA,
      tolerance: 1e-12,
      standardize: true,
    });
    const mean = Array.from({ length: 30 }, (_, j) => {
      let s = 0;
      for (let i = 0; i < t.length; i++) s += C[i * 30 + j];
      return s / t.length;
    });
    const sd = mean.map((mu, j) => {
      let s = 0;
      for (let i = 0; i < t.length; i++) s += (C[i * 30 + j] - mu) ** 2;
      return Math.sqrt(s / t.length);
    });
    const w = peer['logistic-l2'].coef.map((v: number, j: number) => v / sd[j]);
    expect(
      gap(raw, { coef: w, intercept: peer['logistic-l2'].intercept - w.reduce((s: number, v: number, j: number) => s + v * mean[j], 0) }),
    ).toBeLessThan(1e-6);
    // Multinomial LogisticRegression(C = 1/(nλ)) on iris: ridge with loss 'multinomial' (coef d × K
    // row-major, as coef_ transposed; probabilities the softmax; intercepts not compared: ours sum to 0).
    const soft = await sc.fit('ridge', { X: I, nRows: k.length, nCols: 4, y: k, loss: 'multinomial', lambda: LAMBDA, tolerance: 1e-12 });
    const softScale = Math.max(...peer.multinomial.coef.map(Math.abs));
    expect(Math.max(...soft.coef.map((v, j) => Math.abs(v - peer.multinomial.coef[j]))) / softScale).toBeLessThan(1e-6);
    const softProba = await sc.predictProba(soft, I, k.length, 4);
    expect(Math.max(...Array.from(softProba, (v, j) => Math.abs(v - peer.multinomial.proba[j])))).toBeLessThan(1e-7);
    // ... and on digits: the objective (1/n) Σ [log Σₖ exp zᵢₖ − zᵢ,yᵢ] + λ/2‖W‖², recomputed here from
    // each side's coefficients, within 1e-8 (relative), ours no higher; the same training accuracy.
    const D = bytes('digits-X'),
      e = Array.from(bytes('digits-y')),
      nd = e.length;
    const digits = await sc.fit('ridge', { X: D, nRows: nd, nCols: 64, y: e, loss: 'multinomial', lambda: LAMBDA, tolerance: 1e-12 });
    const softmaxObjective = (coef: ArrayLike<number>, b: ArrayLike<number>) => {
      let loss = 0,
        ridge = 0;
      for (let i = 0; i < nd; i++) {
        const z = Array.from({ length: 10 }, (_, c) => {
          let s = b[c];
          for (let j = 0; j < 64; j++) s += D[i * 64 + j] * coef[j * 10 + c];
          return s;
        });
        const top = Math.max(...z);
        loss += top + Math.log(z.reduce((s, v) => s + Math.exp(v - top), 0)) - z[e[i]];
      }
      for (let t = 0; t < coef.length; t++) ridge += coef[t] ** 2;
      return loss / nd + (LAMBDA / 2) * ridge;
    };
    const ours = softmaxObjective(digits.coef, digits.intercept),
      theirs = softmaxObjective(peer.digits.coef, peer.digits.intercept);
    expect(Math.abs(ours - theirs) / theirs).toBeLessThan(1e-8);
    expect(ours).toBeLessThanOrEqual(theirs * (1 + 1e-12));
    expect(accuracy(e, await sc.predictClass(digits, D, nd, 64))).toBe(peer.digits.accuracy);
    // LinearSVC on iris's three classes: svm with loss 'ova-hinge' (one binary SVM per class). Each
    // class's problem, 1/n Σ hinge + λ/2(‖w‖² + b²) with the bias of the rows as given, is flat
    // enough that equal objectives (1e-10 apart) leave coefficients 2 % apart: the objectives are
    // compared, recomputed here from each side's coefficients.
    const svmOva = await sc.fit('svm', {
      X: I,
      nRows: k.length,
      nCols: 4,
      y: k,
      loss: 'ova-hinge',
      lambda: LAMBDA,
      bias: 'liblinear',
      tolerance: 1e-12,
      maxIterations: 100000,
    });
    const classObjective = (coef: ArrayLike<number>, b: number, c: number) => {
      let hinge = 0,
        norm = b * b;
      for (let i = 0; i < k.length; i++) {
        let z = b;
        for (let j = 0; j < 4; j++) z += I[i * 4 + j] * coef[j * 3 + c];
        hinge += Math.max(0, 1 - (k[i] === c ? 1 : -1) * z);
      }
      for (let j = 0; j < 4; j++) norm += coef[j * 3 + c] ** 2;
      return hinge / k.length + (LAMBDA / 2) * norm;
    };
    for (let c = 0; c < 3; c++) {
      const ours = classObjective(svmOva.coef, svmOva.intercept[c], c),
        theirs = classObjective(peer['svm-ova'].coef, peer['svm-ova'].intercept[c], c);
      expect(Math.abs(ours - theirs) / theirs, `class ${c}`).toBeLessThan(1e-9);
    }
    // Observation weights ≡ sample_weight at the same conversions (docs/coming-from.md).
    const dw = bytes('diabetes-w'),
      cw = bytes('cancer-w');
    expect(gap(await sc.fit('ridge', { ...diabetes, weights: dw, lambda: LAMBDA, tolerance: 1e-13 }), peer['ridge-weighted'])).toBeLessThan(
      1e-7,
    );
    expect(gap(await sc.fit('lasso', { ...diabetes, weights: dw, lambda: LAMBDA, tolerance: 1e-13 }), peer['lasso-weighted'])).toBeLessThan(
      1e-6,
    );
    expect(
      gap(
        await sc.fit('ridge', { ...cancer, weights: cw, loss: 'logistic', lambda: LAMBDA, tolerance: 1e-12 }),
        peer['logistic-l2-weighted'],
      ),
    ).toBeLessThan(1e-6);
    expect(
      gap(await sc.fit('svm', { ...cancer, weights: cw, lambda: LAMBDA, bias: 'liblinear', tolerance: 1e-10 }), peer['svm-weighted']),
    ).toBeLessThan(1e-4);
    sc.dispose();
  });
});
