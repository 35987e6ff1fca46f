// The member's live money events (contracts/live.ts), handed from the socket (features/live) to the
// screens that show money: each screen listens for what it shows and re-reads it from the API. An
// event is only a hint; without one the screens behave as before (their buttons and refreshes).
//
// Some events repeat what the app already shows: the answer of the member's own request (a slip
// credited inline, a transfer settled in its request, a withdrawal paid at once), or an open screen
// that shows the outcome itself (a QR panel's paid state). Those still reach the screens, but
// `isShownInApp` tells the live feature not to announce them a second time.
import type { MemberLiveKind, TMemberLiveEvent } from '@krapao/contracts/live';
import { useEffect, useRef } from 'react';

type Listener = (event: TMemberLiveEvent) => void;
const listeners = new Set<Listener>();

/** Hands one parsed event to every screen listening now. */
export function publishMemberLive(event: TMemberLiveEvent): void {
  for (const listener of [...listeners]) listener(event);
}

export function onMemberLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls the latest `listener` for every event while the component is mounted. */
export function useMemberLive(listener: Listener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onMemberLive((event) => latest.current(event)), []);
}

const resyncListeners = new Set<() => void>();

/**
 * The live connection is back after a gap (a drop, or a first attempt that failed): the events of the
 * gap are lost, so every screen that shows money reads it again.
 */
export function publishMemberResync(): void {
  for (const listener of [...resyncListeners]) listener();
}

export function onMemberResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => {
    resyncListeners.delete(listener);
  };
}

/** Calls the latest `listener` after every resync while the component is mounted. */
export function useMemberResync(listener: () => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onMemberResync(() => latest.current()), []);
}

/** Calls the latest `reload` after every live event and after every resync, while mounted. */
export function useLiveReload(reload: () => void): void {
  useMemberLive(() => reload());
  useMemberResync(() => reload());
}

/** How long a request's answer keeps its own event quiet: the socket may deliver it a moment later. */
export const ANSWERED_QUIET_MS = 10_000;
/**
 * How long an event waits for a request in flight that may be answering it. The server tells after
 * its commit, so the request that made it answers within moments; a longer one is about something else.
 */
export const ANSWER_WAIT_MS = 5_000;

type InFlight = { kinds: readonly MemberLiveKind[]; settled: Promise<void> };
const inFlight = new Set<InFlight>();
const answered: { event: TMemberLiveEvent; until: number }[] = [];
const shownBy = new Set<(event: TMemberLiveEvent) => boolean>();

/** What a request's answer (or its error) showed the member: the event it stands for, or null. */
export type AnswerOutcome<T> = {
  /** The kinds of event this request may answer. */
  kinds: readonly MemberLiveKind[];
  ok: (value: T) => TMemberLiveEvent | null;
  failed?: (error: unknown) => TMemberLiveEvent | null;
};

/**
 * Notes a money request whose answer shows its outcome: the live event of that outcome, heard
 * before or after the answer, is not announced again. Returns the request unchanged.
 */
export function answeringMemberLive<T>(request: Promise<T>, outcome: AnswerOutcome<T>): Promise<T> {
  const note = (event: TMemberLiveEvent | null) => {
    if (event) answered.push({ event, until: Date.now() + ANSWERED_QUIET_MS });
  };
  const entry: InFlight = {
    kinds: outcome.kinds,
    settled: request.then(
      (value) => note(outcome.ok(value)),
      (error: unknown) => note(outcome.failed?.(error) ?? null),
    ),
  };
  inFlight.add(entry);
  void entry.settled.finally(() => inFlight.delete(entry));
  return request;
}

/** While mounted, events `shows` matches are on screen already (e.g. the QR panel's paid state). */
export function useShownInApp(shows: (event: TMemberLiveEvent) => boolean): void {
  const latest = useRef(shows);
  latest.current = shows;
  useEffect(() => {
    const claim = (event: TMemberLiveEvent) => latest.current(event);
    shownBy.add(claim);
    return () => {
      shownBy.delete(claim);
    };
  }, []);
}

/** Takes one noted answer of the same kind and amount, if one is still fresh. */
function takeAnswered(event: TMemberLiveEvent): boolean {
  const now = Date.now();
  for (let i = answered.length - 1; i >= 0; i--) if (answered[i]!.until <= now) answered.splice(i, 1);
  const found = answered.findIndex((a) => a.event.kind === event.kind && a.event.amount === event.amount);
  if (found < 0) return false;
  answered.splice(found, 1);
  return true;
}

/**
 * Whether the app already shows this event's outcome: an open screen claims it, or a request of
 * this tab answered it (waiting up to ANSWER_WAIT_MS for a request in flight that may).
 */
export async function isShownInApp(event: TMemberLiveEvent): Promise<boolean> {
  for (const shows of shownBy) if (shows(event)) return true;
  const waiting = [...inFlight].filter((r) => r.kinds.includes(event.kind)).map((r) => r.settled);
  if (waiting.length > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ANSWER_WAIT_MS);
    });
    await Promise.race([Promise.all(waiting), late]);
    clearTimeout(timer);
  }
  return takeAnswered(event);
}
