// Types for the emscripten glue generated into dist/wasm (see web/src/module.ts).
import type { CreateModule } from '../../module.js';
declare const createSupclust: CreateModule;
export default createSupclust;
