// The core module (Play's first plot: generate, IHC and the baselines' paths), started as soon as
// the page's entry runs, so that it downloads beside the views' script rather than after it; the
// page's controls wait for it, and a missing file is said in the runtime line. A view that needs
// another family or the papers' tables fetches the library module on its first call.
import { load, type Supclust } from 'supclust';
import { $ } from './dom.js';

const runtime = $('runtime');
export const core: Promise<Supclust> = load({ module: 'core' }).then(
  (sc) => {
    runtime.dataset.variant = sc.info.variant;
    runtime.textContent =
      `supclust ${sc.info.version} · wasm build ${sc.info.variant} · SIMD on · ${sc.info.threads} thread${sc.info.threads > 1 ? 's' : ''}` +
      (sc.info.variant === 'simd' ? ' (this host does not send the cross-origin isolation headers that threads need).' : '.');
    if (sc.info.variant === 'simd')
      runtime.title =
        'Threads need the page served with "Cross-Origin-Opener-Policy: same-origin" and ' +
        '"Cross-Origin-Embedder-Policy: require-corp" (npm start and the supclust/vite plugin send them).';
    return sc;
  },
  (e: Error) => {
    runtime.textContent = `Could not start supclust: ${e.message}`;
    throw e;
  },
);
