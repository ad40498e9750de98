// Appended to the emscripten glue (--post-js). Gives the TypeScript layer a way to end the
// pthread pool (dispose), and in Node lets the process exit while idle workers wait.
Module['terminateThreads'] = function () {
  if (typeof PThread !== 'undefined') PThread.terminateAllThreads();
};
if (typeof PThread !== 'undefined' && typeof ENVIRONMENT_IS_NODE !== 'undefined' && ENVIRONMENT_IS_NODE) {
  var supclustUnref = function () {
    PThread.unusedWorkers.concat(PThread.runningWorkers).forEach(function (w) { if (w.unref) w.unref(); });
  };
  Module['unrefThreads'] = supclustUnref;
}
// Browsers: pthread workers import the glue from the URL this copy was loaded from, so that a
// bundler emits and the browser fetches it once (the worker file's own fallback import is
// removed at build time, scripts/build.mjs).
if (typeof PThread !== 'undefined' && typeof _scriptDir !== 'undefined' && _scriptDir && !Module['mainScriptUrlOrBlob'] &&
    !(typeof ENVIRONMENT_IS_NODE !== 'undefined' && ENVIRONMENT_IS_NODE)) {
  Module['mainScriptUrlOrBlob'] = _scriptDir;
}
