// Datasets held by the module (sc.dataset()): X validated and copied once here, stored in the
// worker's module once (checked there once, with its largest entry), then named by an id in
// every call that reads it — so a grid, a path or a cross-validation on one X pays its checks
// and copies once, as xgboost's DMatrix or LightGBM's Dataset. The copy kept here serves
// predictions and a module started later (after an abort, or a larger module).
import { invalid } from './errors.js';
import type { Dataset } from './types.js';
import { describe, isCsr, type Matrix } from './validate.js';

class DatasetHandle implements Dataset {
  readonly #free: () => void; // not a property: a handle shows only what Dataset documents
  constructor(
    readonly nRows: number,
    readonly nCols: number,
    readonly sparse: boolean,
    free: () => void,
  ) {
    this.#free = free;
    Object.freeze(this);
  }
  dispose(): void {
    this.#free();
  }
}

export const isDataset = (X: unknown): X is Dataset => X instanceof DatasetHandle;

/**
 * The validated matrix `m` of the caller's `X` with no array a later change to X can reach: the
 * arrays validation passed through (the caller's own typed arrays) are copied, those it made
 * afresh (from rows, plain arrays) are kept as they are.
 */
export function ownCopy(m: Matrix, X: unknown): Matrix {
  const callers = new Set<unknown>(isCsr(X) ? [X.values, X.indptr, X.indices] : [X]);
  const own = <A extends Float64Array | Int32Array>(a: A): A => (callers.has(a) ? (a.slice() as A) : a);
  return {
    data: own(m.data),
    nRows: m.nRows,
    nCols: m.nCols,
    ...(m.csr ? { csr: { indptr: own(m.csr.indptr), indices: own(m.csr.indices) } } : {}),
  };
}

/** One instance's datasets: each handle's id and matrix, until it is disposed (or collected). */
export class Datasets {
  private readonly held = new WeakMap<Dataset, { id: number; matrix: Matrix; disposed: boolean }>();
  private nextId = 1;
  private readonly collected: FinalizationRegistry<number>;

  /** release(id) frees the module's copy. */
  constructor(private readonly release: (id: number) => void) {
    this.collected = new FinalizationRegistry(release);
  }

  /** A new handle of an owned matrix (ownCopy) and its id. */
  create(matrix: Matrix): { handle: Dataset; id: number } {
    const id = this.nextId++;
    const entry = { id, matrix, disposed: false };
    const handle = new DatasetHandle(matrix.nRows, matrix.nCols, matrix.csr !== undefined, () => {
      if (entry.disposed) return;
      entry.disposed = true;
      entry.matrix = { data: new Float64Array(0), nRows: 0, nCols: 0 }; // the copy goes now, not when the handle does
      this.collected.unregister(handle);
      this.release(id);
    });
    this.held.set(handle, entry);
    this.collected.register(handle, id, handle);
    return { handle, id };
  }

  /** X's id and matrix when X is a live handle of this instance; throws naming `field` when it is
   * another instance's or disposed. */
  lookup(field: string, X: Dataset, nRows?: number, nCols?: number): { id: number; matrix: Matrix } {
    const entry = this.held.get(X);
    if (!entry) throw invalid(field, 'is a dataset of another supclust instance (a dataset belongs to the instance that made it)');
    if (entry.disposed) throw invalid(field, 'the dataset was disposed');
    if (nRows !== undefined && nRows !== X.nRows) throw invalid('nRows', `is ${describe(nRows)} but the dataset has ${X.nRows} rows`);
    if (nCols !== undefined && nCols !== X.nCols) throw invalid('nCols', `is ${describe(nCols)} but the dataset has ${X.nCols} columns`);
    return entry;
  }
}
