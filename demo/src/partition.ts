// Comparing partitions: the adjusted Rand index (Hubert & Arabie 1985) from the contingency
// table, and the table itself for drawing.
export function contingency(a: ArrayLike<number>, b: ArrayLike<number>): Map<string, number> {
  const table = new Map<string, number>();
  for (let i = 0; i < a.length; i++) {
    const key = `${a[i]},${b[i]}`;
    table.set(key, (table.get(key) ?? 0) + 1);
  }
  return table;
}

export function adjustedRand(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error('partitions of different lengths');
  const pairs = (k: number) => (k * (k - 1)) / 2;
  const rows = new Map<number, number>(),
    cols = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    rows.set(a[i], (rows.get(a[i]) ?? 0) + 1);
    cols.set(b[i], (cols.get(b[i]) ?? 0) + 1);
  }
  let index = 0,
    sumA = 0,
    sumB = 0;
  for (const k of contingency(a, b).values()) index += pairs(k);
  for (const k of rows.values()) sumA += pairs(k);
  for (const k of cols.values()) sumB += pairs(k);
  const expected = (sumA * sumB) / pairs(a.length),
    max = (sumA + sumB) / 2;
  return max === expected ? 1 : (index - expected) / (max - expected);
}

/** The partition of the features by their coefficients' distinct values (rows of K outputs,
 * equal to 8 significant digits, as the summary's "groups" counts them): labels 0.., one per
 * feature, and how many groups. */
export function distinctPartition(coef: ArrayLike<number>, outputs: number): { labels: Int32Array; groups: number } {
  const d = coef.length / outputs,
    labels = new Int32Array(d),
    seen = new Map<string, number>();
  for (let j = 0; j < d; j++) {
    const key = Array.from({ length: outputs }, (_, k) => coef[j * outputs + k].toPrecision(8)).join(',');
    if (!seen.has(key)) seen.set(key, seen.size);
    labels[j] = seen.get(key)!;
  }
  return { labels, groups: seen.size };
}

/** The one-to-one matching of found to true groups that shares the most items (the Hungarian
 * algorithm, exact, O(n³) for n groups): [true group, found group] pairs, in the true groups'
 * order (a group of the larger side may stay unmatched). */
export function bestMatching(truth: ArrayLike<number>, found: ArrayLike<number>): [number, number][] {
  const rows = [...new Set(Array.from(truth))].sort((a, b) => a - b),
    cols = [...new Set(Array.from(found))].sort((a, b) => a - b);
  const n = Math.max(rows.length, cols.length),
    counts = contingency(truth, found);
  const count = (i: number, j: number) => (i < rows.length && j < cols.length ? (counts.get(`${rows[i]},${cols[j]}`) ?? 0) : 0);
  // Minimum-cost assignment with cost −count (e-maxx's formulation, 1-based potentials u, v).
  const u = new Float64Array(n + 1),
    v = new Float64Array(n + 1),
    p = new Int32Array(n + 1),
    way = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(n + 1).fill(Infinity),
      used = new Uint8Array(n + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = Infinity,
        j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = -count(i0 - 1, j - 1) - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  const matchOf = new Int32Array(n).fill(-1); // true group index → found group index
  for (let j = 1; j <= n; j++) if (p[j] > 0) matchOf[p[j] - 1] = j - 1;
  const pairs: [number, number][] = [];
  for (let i = 0; i < rows.length; i++) if (matchOf[i] < cols.length) pairs.push([rows[i], cols[matchOf[i]]]);
  return pairs;
}

/** The found groups in the order of their matches (bestMatching), then the unmatched ones in
 * their own order: a recovery reads as a diagonal. */
export function matchedOrder(truth: ArrayLike<number>, found: ArrayLike<number>): number[] {
  const order = bestMatching(truth, found).map(([, f]) => f);
  for (const c of [...new Set(Array.from(found))].sort((a, b) => a - b)) if (!order.includes(c)) order.push(c);
  return order;
}
