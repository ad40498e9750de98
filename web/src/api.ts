// The public API object, independent of where the module runs: one Session (the instance's
// state and the input handling the calls share) and the calls, one module per concern, each
// validating its inputs, building a request for the backend and turning raw results into plain,
// JSON-safe values.
import type { Backend } from './module.js';
import type { Info, Supclust } from './types.js';
import { Session } from './session.js';
import { kernelCalls } from './kernel_calls.js';
import { fitCalls } from './fit_calls.js';
import { selectionCalls } from './selection_calls.js';
import { predictionCalls } from './prediction_calls.js';
import { experimentCalls } from './experiment_calls.js';

export function createSupclust(backend: Backend, info: Info): Supclust {
  const s = new Session(backend, info);
  return {
    info,
    ...kernelCalls(s),
    ...fitCalls(s),
    ...selectionCalls(s),
    ...predictionCalls(s),
    ...experimentCalls(s),
    dispose: () => s.dispose(),
  };
}
