// Tables: the papers' experiments run in the worker, with progress, time left and cancel; the
// curves with the paper's figures overlaid, and the table copyable as markdown or CSV.
import type { ExperimentId, ExperimentResult } from 'supclust';
import { tableCode } from './code.js';
import type { Context } from './context.js';
import { PAPERS, ROWS } from './explain.js';
import { $, copy, el, table, widthOf } from './dom.js';
import * as plots from './plots.js';
import measured from '../../bench/results/tables.json';

/** bench/results/tables.json: each synthetic table run as the demo runs it (its repetitions and
 * seed, every row) with fast and full grids — seconds, and every cell's mean. */
interface Measured {
  reps: number;
  seed: number;
  tables: Record<string, Partial<Record<'fast' | 'full', { seconds: number | null; rows?: Record<string, number[]> }>>>;
}
const MEASURED = measured as Measured;

/** A table opens on the full grids (the papers') when they finished within a minute there. */
export const fastByDefault = (id: string) => !((MEASURED.tables[id]?.full?.seconds ?? Infinity) <= 60);
/** The grids a state runs: as chosen, else the table's default. */
export const fastOf = (s: { table: string; fast: boolean | undefined }) => s.fast ?? fastByDefault(s.table);
/** A row's full-grid means from the measured run, where there is one. */
const fullGridMeans = (id: string, row: string) => MEASURED.tables[id]?.full?.rows?.[row];

const cell = (c?: { mean: number; std: number }) => (c && Number.isFinite(c.mean) ? `${c.mean.toFixed(2)} ± ${c.std.toFixed(2)}` : '–');

export function markdownOf(r: ExperimentResult): string {
  const head = r.columnLabels,
    mark = r.fast ? ' †' : '';
  return [
    `| method | ${head.join(' | ')} |`,
    `|---|${head.map(() => '---:').join('|')}|`,
    ...r.rows.map((row) => `| ${row.method} | ${row.cells.map((c, i) => `${cell(c)}${mark} (${cell(row.paper?.[i])})`).join(' | ')} |`),
    ...(r.fast ? ['', "† fast grids: fewer cross-validation points than the paper's."] : []),
  ].join('\n');
}

export function csvOf(r: ExperimentResult): string {
  // Tables with several metrics per value (E6) name the metric in a column of its own.
  const perValue = r.column !== 'metric' && new Set(r.columnMetrics).size > 1;
  const lines = [`method,column,value,${perValue ? 'metric,' : ''}mean,std,paper_mean,paper_std,grids`];
  for (const row of r.rows)
    row.cells.forEach((c, i) =>
      lines.push(
        [
          JSON.stringify(row.method),
          r.column,
          r.column === 'metric' ? r.columnLabels[i] : r.columns[i],
          ...(perValue ? [r.columnMetrics[i]] : []),
          c.mean,
          c.std,
          row.paper?.[i]?.mean ?? '',
          row.paper?.[i]?.std ?? '',
          r.fast ? 'fast' : 'full',
        ].join(','),
      ),
    );
  return lines.join('\n');
}

/** A table's rows ticked by default: every row but those run on request only (variants such as
 * ADFG's weight floors, each as long as ADFG itself). */
const defaultRows = (t: { rows: { label: string; onRequest: boolean }[] }) => t.rows.filter((r) => !r.onRequest).map((r) => r.label);

/** A table's figures (curves, for numeric columns) and its cells: ours beside the paper's, fast-grid
 * cells marked with the measured full-grid figure beside them. */
function showTableResult(r: ExperimentResult, scale: number) {
  const figures = $('table-figures');
  // Curves need a numeric column; metric columns (E5) are read in the table below.
  figures.replaceChildren(...(r.column === 'metric' ? [] : plots.experiment(r, widthOf(figures, 900))));
  // Our own tables (no paper figures) say so rather than quote a paper.
  const paper = r.rows.some((row) => row.paper?.length);
  const scaled = scale === 1 ? '' : ` (figures × ${scale}${paper ? ', as in the paper' : ''})`;
  // Fast-grid cells are marked, each with the full-grid figure of the measured run beside it.
  const sameRun = r.reps === MEASURED.reps && r.seed === MEASURED.seed;
  const fastNote = r.fast
    ? `; † fast grids (fewer cross-validation points than the paper's), each beside the full grids' figure of ${sameRun ? 'the same run' : `${MEASURED.reps} repetitions, seed ${MEASURED.seed}`} (bench/results/tables.json)`
    : '';
  const fullOf = (row: string, i: number) => {
    const v = fullGridMeans(r.id, row)?.[i];
    return typeof v === 'number' && Number.isFinite(v) ? v.toFixed(2) : 'not measured';
  };
  $('table-result').replaceChildren(
    table(
      `${r.reps} repetitions in ${r.seconds.toFixed(1)} s${scaled}; each cell: ${paper ? `ours (the paper's, ${r.source})` : `ours — ${r.source}`}${fastNote}`,
      ['method', ...r.columnLabels, 'ms per fit'],
      r.rows.map((row) => [
        row.method,
        ...row.cells.map((c, i) =>
          [
            r.fast ? `${cell(c)} †` : cell(c),
            ...(paper ? [`(${cell(row.paper?.[i])})`] : []),
            ...(r.fast ? [`full grids: ${fullOf(row.method, i)}`] : []),
          ].join('\n'),
        ),
        row.msPerFit.toFixed(1),
      ]),
      r.rows.map((row) => ({ method: row.method })),
    ),
  );
}

export function mountTables(ctx: Context) {
  const { sc, state } = ctx;
  const tables = sc.info.experiments.filter((e) => !e.dataset);
  const select = $<HTMLSelectElement>('table-id'),
    rowsBox = $('table-rows');
  const reps = $<HTMLInputElement>('table-reps'),
    seed = $<HTMLInputElement>('table-seed'),
    fast = $<HTMLInputElement>('table-fast');
  const bar = $<HTMLProgressElement>('table-progress'),
    status = $('table-status'),
    cancel = $<HTMLButtonElement>('table-cancel');
  let abort: AbortController | undefined, result: ExperimentResult | undefined;

  function showRows() {
    const t = tables.find((e) => e.id === state.table) ?? tables[0];
    state.table = t.id;
    select.value = t.id;
    $('table-about').textContent = `${t.title} (${t.source}). ${PAPERS}`;
    // Rows chosen for this table are kept; rows of another table give way to this one's default.
    const chosen = state.rows.filter((r) => t.methods.includes(r));
    state.rows = chosen.length > 0 && chosen.length === state.rows.length ? chosen : defaultRows(t);
    rowsBox.replaceChildren(
      el('legend', { textContent: 'rows' }),
      ...t.methods.map((m) => {
        const box = el('input', { type: 'checkbox', value: m, checked: state.rows.includes(m) });
        box.addEventListener('change', () => {
          state.rows = t.methods.filter((x) => (rowsBox.querySelector(`input[value="${CSS.escape(x)}"]`) as HTMLInputElement).checked);
          ctx.save();
        });
        return el('label', { title: ROWS[m] ?? '' }, box, ` ${m}`);
      }),
      el(
        'dl',
        { className: 'rows-about' },
        ...t.methods.filter((m) => ROWS[m]).flatMap((m) => [el('dt', { textContent: m }), el('dd', { textContent: ROWS[m] })]),
      ),
    );
  }

  select.replaceChildren(
    ...tables.map((e) => el('option', { value: e.id, textContent: `${e.id}: ${e.title}`, selected: e.id === state.table })),
  );
  reps.value = String(state.reps);
  seed.value = String(state.tableSeed);
  fast.checked = fastOf(state);
  showRows();
  // Another table: its default rows, and nothing of the
  // previous table's run stays on the page (a run still going is cancelled).
  function clearResult() {
    abort?.abort();
    result = undefined;
    bar.value = 0;
    status.textContent = '';
    $('table-figures').replaceChildren();
    $('table-result').replaceChildren();
    $<HTMLButtonElement>('table-copy-md').disabled = $<HTMLButtonElement>('table-copy-csv').disabled = true;
    delete document.body.dataset.table;
  }
  select.addEventListener('change', () => {
    clearResult();
    state.table = select.value;
    const t = tables.find((e) => e.id === state.table);
    if (t) state.rows = defaultRows(t);
    state.fast = undefined; // the new table's default grids
    fast.checked = fastOf(state);
    showRows();
    ctx.save();
  });
  reps.addEventListener('change', () => {
    state.reps = Math.max(1, Math.min(100, Math.round(Number(reps.value)) || 1));
    reps.value = String(state.reps);
    ctx.save();
  });
  seed.addEventListener('change', () => {
    state.tableSeed = Math.max(0, Math.round(Number(seed.value)) || 0);
    seed.value = String(state.tableSeed);
    ctx.save();
  });
  fast.addEventListener('change', () => {
    state.fast = fast.checked;
    ctx.save();
  });

  async function run() {
    if (state.rows.length === 0) {
      status.textContent = 'Choose at least one row.';
      return;
    }
    abort?.abort();
    const mine = (abort = new AbortController());
    const id = state.table;
    cancel.disabled = false;
    document.body.dataset.table = 'running';
    bar.value = 0;
    const t0 = performance.now();
    status.textContent = 'Running…';
    try {
      const runner = await ctx.background(); // its own worker: Play stays free
      const r = await runner.experiment(
        state.table as ExperimentId,
        { reps: state.reps, seed: state.tableSeed, fast: fastOf(state), methods: state.rows },
        {
          signal: mine.signal,
          onProgress: ({ done, total }) => {
            bar.value = done / total;
            const elapsed = (performance.now() - t0) / 1000,
              left = done > 0 ? (elapsed * (total - done)) / done : NaN;
            status.textContent =
              `${done} of ${total} repetitions × columns done` + (Number.isFinite(left) ? `, about ${left.toFixed(0)} s left` : '');
          },
        },
      );
      if (mine.signal.aborted || id !== state.table) return; // another table was chosen meanwhile
      result = r;
      bar.value = 1; // done is done, whatever the last progress message said
      showTableResult(r, tables.find((e) => e.id === r.id)?.scale ?? 1);
      status.textContent = `Done: ${r.reps} repetitions in ${r.seconds.toFixed(1)} s on ${sc.info.threads} thread${sc.info.threads > 1 ? 's' : ''}.`;
      $<HTMLButtonElement>('table-copy-md').disabled = $<HTMLButtonElement>('table-copy-csv').disabled = false;
      document.body.dataset.table = 'done';
    } catch (e) {
      if (id !== state.table) return; // cancelled by choosing another table: its view is already clear
      const aborted = (e as { code?: string }).code === 'aborted';
      status.textContent = aborted ? 'Cancelled — the page stays usable; run again any time.' : `Error: ${(e as Error).message}`;
      document.body.dataset.table = aborted ? 'cancelled' : 'error';
    } finally {
      cancel.disabled = true;
    }
  }
  $('table-run').addEventListener('click', () => void run());
  cancel.addEventListener('click', () => abort?.abort());
  $('table-copy-md').addEventListener('click', (e) => {
    if (result) void copy(e.currentTarget as HTMLButtonElement, markdownOf(result));
  });
  $('table-copy-csv').addEventListener('click', (e) => {
    if (result) void copy(e.currentTarget as HTMLButtonElement, csvOf(result));
  });
  $('table-copy-code').addEventListener('click', (e) => {
    const code = tableCode(state);
    $('table-code').textContent = code;
    void copy(e.currentTarget as HTMLButtonElement, code);
  });
}
