// The controls of a generated-problem view (Experts, Tasks): its sliders, one log-scale slider,
// the method select and the seed, each written to the state and the URL on change, and the
// first fit when the view is first shown.
import type { Context } from './context.js';
import { $ } from './dom.js';
import { formatLambda } from './format.js';
import type { DemoState } from './state.js';

type NumberKey = { [K in keyof DemoState]: DemoState[K] extends number ? K : never }[keyof DemoState];

export interface ViewControls {
  view: 'experts' | 'tasks';
  sliders: [NumberKey, string][]; // state key, element id suffix
  log: [NumberKey, string]; // a weight on a log10 slider
  method: 'expertsMethod' | 'tasksMethod';
  seed: NumberKey;
}

/** A fit's progress in a view's status line. */
export const fitProgress =
  (status: HTMLElement) =>
  ({ iteration }: { iteration: number }) => {
    status.textContent = `Fitting… iteration ${iteration} (a change of any control starts over)`;
  };

/** Shows the state in the controls, wires them to it, and fits when the view is first shown. */
export function bindControls(ctx: Context, c: ViewControls, run: () => Promise<void>) {
  const { state } = ctx,
    p = c.view;
  const method = $<HTMLSelectElement>(`${p}-method`),
    seed = $<HTMLInputElement>(`${p}-seed`);
  const [logKey, logId] = c.log,
    log = $<HTMLInputElement>(`${p}-${logId}`);
  for (const [key, id] of c.sliders) {
    const input = $<HTMLInputElement>(`${p}-${id}`);
    input.value = String(state[key]);
    $(`${p}-${id}-value`).textContent = String(state[key]);
    input.addEventListener('input', () => {
      $(`${p}-${id}-value`).textContent = input.value;
    });
    input.addEventListener('change', () => {
      state[key] = Number(input.value);
      ctx.save();
      void run();
    });
  }
  method.value = state[c.method];
  log.value = String(Math.log10(state[logKey]));
  $(`${p}-${logId}-value`).textContent = formatLambda(state[logKey]);
  seed.value = String(state[c.seed]);
  log.addEventListener('input', () => {
    $(`${p}-${logId}-value`).textContent = formatLambda(10 ** Number(log.value));
  });
  log.addEventListener('change', () => {
    state[logKey] = 10 ** Number(log.value);
    ctx.save();
    void run();
  });
  method.addEventListener('change', () => {
    state[c.method] = method.value;
    ctx.save();
    void run();
  });
  seed.addEventListener('change', () => {
    state[c.seed] = Math.max(0, Math.round(Number(seed.value) || 0));
    ctx.save();
    void run();
  });
  // Fitted when the tab is first shown (the page opens on Play).
  let started = false;
  $(`tab-${p}`).addEventListener('click', () => {
    if (!started) {
      started = true;
      void run();
    }
  });
  if (state.view === p) {
    started = true;
    void run();
  }
}
