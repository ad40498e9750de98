// The page's side of the table's worker (tableWorker.ts): one request at a time answered by id;
// a failure comes back as an Error with the reader's message. The worker starts with the first
// request (not with the page: its script would download beside Play's first fit).
import type { ColumnSummary } from 'supclust';
import type { Decimal, DesignMatrix } from './csv.js';

export type TableRequest =
  | { id: number; type: 'read'; text: string }
  | { id: number; type: 'matrix'; target: string; features: string[]; standardise: boolean };

/** A file as the page sees it: its size, its decimal mark and its columns. */
export interface DescribedTable {
  rows: number;
  columns: number;
  decimal: Decimal;
  summary: ColumnSummary[];
}

type Pending = { resolve: (v: never) => void; reject: (e: Error) => void };
type Request = TableRequest extends infer R ? (R extends TableRequest ? Omit<R, 'id'> : never) : never;

export function tableReader() {
  const pending = new Map<number, Pending>();
  let next = 0,
    worker: Worker | undefined;
  const started = () => {
    if (worker) return worker;
    worker = new Worker(new URL('./tableWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ id: number; ok?: unknown; error?: string }>) => {
      const p = pending.get(e.data.id);
      pending.delete(e.data.id);
      if (e.data.error !== undefined) p?.reject(new Error(e.data.error));
      else p?.resolve(e.data.ok as never);
    };
    return worker;
  };
  const ask = <T>(request: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (v: never) => void, reject });
      started().postMessage({ ...request, id });
    });
  return {
    read: (text: string) => ask<DescribedTable>({ type: 'read', text }),
    matrix: (target: string, features: string[], standardise: boolean) =>
      ask<DesignMatrix>({ type: 'matrix', target, features, standardise }),
  };
}
