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
  const rows = new Map<number, number>(), cols = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    rows.set(a[i], (rows.get(a[i]) ?? 0) + 1);
    cols.set(b[i], (cols.get(b[i]) ?? 0) + 1);
  }
  let index = 0, sumA = 0, sumB = 0;
  for (const k of contingency(a, b).values()) index += pairs(k);
  for (const k of rows.values()) sumA += pairs(k);
  for (const k of cols.values()) sumB += pairs(k);
  const expected = (sumA * sumB) / pairs(a.length), max = (sumA + sumB) / 2;
  return max === expected ? 1 : (index - expected) / (max - expected);
}

/** The partition of the features by their coefficients' distinct values (rows of K outputs,
 * equal to 8 significant digits, as the summary's "groups" counts them): labels 0.., one per
 * feature, and how many groups. */
export function distinctPartition(coef: ArrayLike<number>, outputs: number): { labels: Int32Array; groups: number } {
  const d = coef.length / outputs, labels = new Int32Array(d), seen = new Map<string, number>();
  for (let j = 0; j < d; j++) {
    const key = Array.from({ length: outputs }, (_, k) => coef[j * outputs + k].toPrecision(8)).join(',');
    if (!seen.has(key)) seen.set(key, seen.size);
    labels[j] = seen.get(key)!;
  }
  return { labels, groups: seen.size };
}
