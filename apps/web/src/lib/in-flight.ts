// Counts API calls in flight so one global loader can show after LOADER_DELAY_MS.
type Listener = () => void;

let count = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function trackRequest(): () => void {
  count += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    count -= 1;
    emit();
  };
}

export function inFlightCount(): number {
  return count;
}

export function subscribeInFlight(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
