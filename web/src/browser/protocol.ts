// Messages between the page and the supclust worker.
import type { Request } from '../module.js';
import type { Variant } from '../types.js';

export type ToWorker =
  | { type: 'init'; variant: Variant }
  | { type: 'call'; id: number; request: Request; progress: boolean };

/** What a started worker reports about its module. */
export interface ReadyInfo {
  threads: number;
  methods: unknown[];
  experiments: unknown[];
}

export type FromWorker =
  | ({ type: 'ready' } & ReadyInfo)
  | { type: 'load-failed'; message: string }
  | { type: 'progress'; id: number; iteration: number; objective: number }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; message: string };
