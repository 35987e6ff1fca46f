// The one way a background job runs (docs/architecture.md §6): `runOnce` every `intervalMs`, never two
// passes of one job at once in this process. The work itself lives in the database (rows taken
// with leases or SKIP LOCKED), so a restart loses nothing and several instances can run it.

/**
 * One pass. `signal` aborts when the job is stopping: a pass that works through a list checks
 * `signal.aborted` between items and hands back the leases of the items it has not begun.
 */
export type JobPass = (onError: (err: unknown) => void, signal: AbortSignal) => Promise<unknown>;

/** How long one pass took and whether it ended without throwing (metrics). */
export type PassReport = { ms: number; ok: boolean };

/** `start` / `stop` for a job whose pass is `runOnce(onError, signal)`; an interval of 0 or less is off. */
export function intervalJob(runOnce: JobPass) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopping = new AbortController();
  function abort() {
    if (timer) clearInterval(timer);
    timer = null;
    stopping.abort();
  }
  return {
    start(intervalMs: number, onError: (err: unknown) => void, onPass?: (pass: PassReport) => void) {
      if (timer || intervalMs <= 0) return;
      if (stopping.signal.aborted) stopping = new AbortController();
      const { signal } = stopping;
      timer = setInterval(() => {
        if (running || signal.aborted) return;
        const startedAt = performance.now();
        let ok = true;
        running = runOnce(onError, signal)
          .catch((err) => {
            ok = false;
            onError(err);
          })
          .finally(() => {
            running = null;
            onPass?.({ ms: performance.now() - startedAt, ok });
          });
      }, intervalMs);
      timer.unref();
    },
    /** Started and not stopped. */
    isRunning: () => timer !== null,
    /** Tells a running pass to stop between items, without waiting for it. */
    abort,
    /** Aborts, then waits for the running pass to reach its next item boundary. */
    async stop() {
      abort();
      await running;
    },
  };
}
