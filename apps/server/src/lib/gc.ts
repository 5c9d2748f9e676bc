/**
 * Asks V8 for a major collection, marked concurrently (`execution: 'async'`), after work that left much garbage in
 * the old generation — an export of 100,000 bills leaves 20–30 MB there (docs/performance.md, "Export memory"). V8
 * would collect it only when the old generation nears a limit it sets far above that, so each export's garbage would
 * still be held while the next one runs, and the process's memory would climb with every export.
 *
 * Only where node runs with --expose-gc, as `npm start` does (apps/server/scripts/build.mjs); elsewhere (tests, the
 * dev server) nothing happens.
 */
export function collectGarbageSoon(): void {
  const gc = globalThis.gc;
  if (!gc) return;
  // After the answer's last bytes are on their way, not inside the stream's callbacks.
  setImmediate(() => {
    gc({ type: 'major', execution: 'async' }).catch(() => {
      // A hint, nothing to report: V8 collects on its own schedule anyway.
    });
  });
}
