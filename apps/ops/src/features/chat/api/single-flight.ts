/**
 * One request in flight per key: a second load of the same page while the first is on its way gets
 * the first's answer instead of a second request.
 */
const inFlight = new Map<string, Promise<unknown>>();

export function singleFlight<T>(key: string, load: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  const started = load().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}
