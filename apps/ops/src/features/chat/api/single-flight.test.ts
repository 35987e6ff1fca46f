import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('one request in flight per page', () => {
  it('answers a second load of the same key with the first request, and loads again once it settled', async () => {
    let loads = 0;
    let finish: (v: string) => void = () => {};
    const load = () => {
      loads += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const first = singleFlight('page-2', load);
    const second = singleFlight('page-2', load);
    const other = singleFlight('page-3', () => Promise.resolve('three'));
    finish('two');
    expect(await Promise.all([first, second, other])).toEqual(['two', 'two', 'three']);
    expect(loads).toBe(1);
    const again = singleFlight('page-2', load);
    finish('two again');
    expect(await again).toBe('two again');
    expect(loads).toBe(2);
  });
});
