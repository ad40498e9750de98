// Progress of a long call on stderr: a bar redrawn at most five times a second on a terminal;
// elsewhere (a log, a pipe) nothing until the end, then one summary line.
export function progress(unit, stream = process.stderr) {
  const start = Date.now();
  let last = 0,
    finished = false;
  const seconds = () => ((Date.now() - start) / 1000).toFixed(1);
  return {
    onProgress: ({ done, total }) => {
      if (!stream.isTTY || finished) return;
      const now = Date.now();
      if (now - last < 200 && done < total) return;
      last = now;
      const width = 30,
        filled = Math.round((width * done) / total);
      const elapsed = (now - start) / 1000,
        eta = done > 0 ? (elapsed * (total - done)) / done : NaN;
      stream.write(
        `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${unit}` +
          (Number.isFinite(eta) && done < total ? `, ${eta.toFixed(0)} s left ` : ' '.repeat(12)),
      );
      if (done === total) {
        stream.write('\n');
        finished = true;
      }
    },
    /** The summary line (every stream): what was done and in how long. */
    end: (what) => {
      if (stream.isTTY && last > 0 && !finished) stream.write('\n');
      stream.write(`${what} in ${seconds()} s\n`);
    },
  };
}
