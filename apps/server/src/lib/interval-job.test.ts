// Stopping a job does not wait for its whole batch: the pass sees its signal abort and stops
// between items, leaving the rest (their leases handed back) to the next pass of any instance.
import { describe, expect, it } from 'vitest';
import { intervalJob } from './interval-job.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('intervalJob stop', () => {
  it('ends a pass between items instead of after its whole batch', async () => {
    const done: number[] = [];
    const handedBack: number[] = [];
    let began = false;
    const job = intervalJob(async (_onError, signal) => {
      began = true;
      const batch = Array.from({ length: 20 }, (_, i) => i);
      for (const item of batch) {
        if (signal?.aborted) {
          handedBack.push(item);
          continue;
        }
        await sleep(50);
        done.push(item);
      }
    });
    job.start(5, (err) => {
      throw err;
    });
    while (!began) await sleep(5);
    await sleep(60);
    const started = Date.now();
    await job.stop();
    expect(Date.now() - started).toBeLessThan(500);
    expect(done.length).toBeGreaterThan(0);
    expect(done.length).toBeLessThan(5);
    expect(done.length + handedBack.length).toBe(20);
    expect(job.isRunning()).toBe(false);
  });

  it('starts no new pass once stopped, and runs again after a new start', async () => {
    let passes = 0;
    let seen: AbortSignal | null = null;
    const job = intervalJob(async (_onError, signal) => {
      passes += 1;
      seen = signal;
    });
    job.start(5, () => {});
    while (passes === 0) await sleep(5);
    await job.stop();
    const after = passes;
    await sleep(40);
    expect(passes).toBe(after);
    job.start(5, () => {});
    while (passes === after) await sleep(5);
    expect((seen as AbortSignal | null)?.aborted).toBe(false);
    await job.stop();
  });
});
