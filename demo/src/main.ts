// The demo's entry: starts the core module (runtime.ts) and, while it downloads, fetches the views
// (app.ts, with Observable Plot: most of the page's script), then starts them on it.
import { core } from './runtime.js';

const [{ start }, sc] = await Promise.all([import('./app.js'), core]);
start(sc);
