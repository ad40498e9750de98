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
