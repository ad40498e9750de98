// The demo's views: reads the state from the URL and mounts the six views behind
// keyboard-accessible tabs, on the module the entry (main.ts) started: start() is all it does
// (the package declares no side effects, so a bundler keeps only what is called).
import { load, type Supclust } from 'supclust';
import type { Context } from './context.js';
import { mountData } from './data.js';
import { mountExperts } from './experts.js';
import { $ } from './dom.js';
import { mountPath } from './path.js';
import { mountPenaltyMap } from './penaltyMap.js';
import { mountPlay } from './play.js';
import { decodeState, encodeState, type View } from './state.js';
import { mountTables } from './tables.js';
import { mountTasks } from './tasks.js';
import { PRESETS } from './presets.js';

/** Mounts the views on the started module and runs Play's first fit. */
export function start(sc: Supclust): void {
  const state = decodeState(location.search);
  // Embedded (?embed=1, for an iframe): the view alone, with a link to the whole page.
  if (state.embed) {
    document.body.classList.add('embed');
    const full = $<HTMLAnchorElement>('open-full');
    full.href = `${location.pathname}${encodeState({ ...state, embed: false })}`;
    full.hidden = false;
  }
  let background: Promise<Supclust> | undefined;
  const ctx: Context = {
    sc,
    state,
    background: () => (background ??= load({ variant: sc.info.variant })),
    save: () => history.replaceState(null, '', `${location.pathname}${encodeState(state)}`),
  };

  const VIEWS: View[] = ['play', 'path', 'tables', 'data', 'experts', 'tasks'];
  /** Shows a view; a user's change of tab is a history entry, so Back returns to the previous tab. */
  function show(view: View, focus = false, push = true) {
    const changed = view !== state.view;
    state.view = view;
    for (const v of VIEWS) {
      const tab = $(`tab-${v}`),
        panel = $(`view-${v}`);
      tab.setAttribute('aria-selected', String(v === view));
      tab.tabIndex = v === view ? 0 : -1;
      panel.hidden = v !== view;
    }
    if (focus) $(`tab-${view}`).focus();
    if (view === 'path') path?.opened();
    if (changed && push) history.pushState(null, '', `${location.pathname}${encodeState(state)}`);
    else ctx.save();
  }
  // Back and forward move between tabs. The other controls keep their current values (the URL is
  // rewritten to match them): an entry records which view was on screen.
  addEventListener('popstate', () => {
    show(decodeState(location.search).view, false, false);
  });
  for (const v of VIEWS) {
    const tab = $(`tab-${v}`);
    tab.addEventListener('click', () => show(v));
    tab.addEventListener('keydown', (e) => {
      const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (e.key === 'Home' || e.key === 'End') show(e.key === 'Home' ? VIEWS[0] : VIEWS[VIEWS.length - 1], true);
      else if (step) show(VIEWS[(VIEWS.indexOf(v) + step + VIEWS.length) % VIEWS.length], true);
    });
  }

  let path: ReturnType<typeof mountPath> | undefined, map: ReturnType<typeof mountPenaltyMap> | undefined;
  const play = mountPlay(ctx, () => {
    path?.showStale();
    map?.showStale();
  }); // on every change of Play's state
  path = mountPath(ctx, play.current);
  map = mountPenaltyMap(ctx, play.current);
  mountTables(ctx);
  mountData(ctx);
  mountExperts(ctx);
  mountTasks(ctx);
  // The tour: four states, one idea each, a click away.
  const TOUR: { label: string; note: string; go(): void }[] = [
    {
      label: 'IHC finds the groups',
      note:
        'The default problem: 100 coefficients taking 5 values, 150 noisy samples. The black steps are the truth; ' +
        'IHC’s dots are coloured by the group it puts each coefficient in, ridge’s and the lasso’s (each at its own cross-validated λ) are hollow. ' +
        'The line above the chart says which fit is closest to the truth at this seed; “Over 20 seeds?” counts how often each is.',
      go: () => preset('default'),
    },
    {
      label: 'n < d',
      note:
        'Fewer samples than features: least squares is undetermined, and every fit’s error grows. ' +
        'Whether grouping still helps depends on the draw: the line above the chart says which fit wins at this seed, and “Over 20 seeds?” how often each does.',
      go: () => preset('n-below-d'),
    },
    {
      label: 'Experts split the samples',
      note:
        'Samples rather than features in groups: each follows one of 3 linear experts, which are fitted together ' +
        'with the partition of the samples; the heatmap compares the found partition with the true one.',
      go: () => $('tab-experts').click(),
    },
    {
      label: 'Tasks in clusters',
      note:
        'Classes whose classifiers form clusters (close topics): the classifiers are fitted with their clusters; ' +
        'the map places each class’s classifier and the centres found.',
      go: () => $('tab-tasks').click(),
    },
  ];
  function preset(id: string) {
    Object.assign(state, PRESETS.find((p) => p.id === id)!.state, { overlays: ['ridge', 'lasso'] });
    play.refresh();
    show('play');
  }
  const tourNote = $('tour-note');
  $('tour').append(
    ...TOUR.map((step, i) => {
      const button = document.createElement('button');
      Object.assign(button, { type: 'button', textContent: `${i + 1} · ${step.label}` });
      button.dataset.step = String(i);
      button.addEventListener('click', () => {
        step.go();
        Object.assign(tourNote, { hidden: false, textContent: step.note });
        for (const b of $('tour').querySelectorAll('button')) b.setAttribute('aria-pressed', String(b === button));
      });
      return button;
    }),
  );

  // The tabs, tour and views stay inert (index.html) until every view is set up.
  for (const e of document.querySelectorAll<HTMLElement>('nav, main')) e.inert = false;
  show(state.view, false, false);
  void play.run().then(() => {
    if (state.view === 'path') path?.opened();
  });
}
