// The one way a background job runs (DESIGN §2 jobs): `runOnce` every `intervalMs`, never two
// passes of one job at once in this process. The work itself lives in the database (rows taken
// with leases or SKIP LOCKED), so a restart loses nothing and several instances can run it.

/** `start` / `stop` for a job whose pass is `runOnce(onError)`; an interval of 0 or less is off. */
export function intervalJob(runOnce: (onError: (err: unknown) => void) => Promise<unknown>) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  return {
    start(intervalMs: number, onError: (err: unknown) => void) {
      if (timer || intervalMs <= 0) return;
      timer = setInterval(() => {
        if (running) return;
        running = runOnce(onError)
          .catch(onError)
          .finally(() => {
            running = null;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
