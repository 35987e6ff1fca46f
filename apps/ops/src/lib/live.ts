// The console's live channel (decision 063): one socket.io connection while signed in. The server
// names the queue that changed and the console reloads it: every queue page keys its queries
// ['ops', '<queue>', ...]. After a drop the client reconnects by itself and reloads every queue, since
// it may have missed events meanwhile; a refused session reloads the signed-in staff member, which
// sends a signed-out browser to the sign-in page. A `changed` event (a setting, game, bonus, promotion
// code or the spin wheel changed, on any instance) reloads the pages that show that kind of thing.
import {
  OPS_CHANGE_EVENT,
  OPS_LIVE_EVENT,
  OPS_LIVE_PATH,
  OPS_QUEUE_NAMES,
  type OpsChangeTopic,
  ZOpsChangeEvent,
  ZOpsQueueEvent,
} from '@krapao/contracts/ops/live';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { io } from 'socket.io-client';

export type LiveStatus = 'connecting' | 'connected' | 'reconnecting';

/**
 * The query keys each kind of change reloads (the features' own keys). Settings back the settings,
 * content, banners, promotion rules and spin wheel pages and the chat's canned answers.
 */
export const CHANGE_QUERY_KEYS: Record<OpsChangeTopic, readonly (readonly string[])[]> = {
  setting: [
    ['ops', 'settings'],
    ['ops', 'content'],
    ['ops', 'carousel-banners'],
    ['ops', 'promotion-rules'],
    ['ops', 'spin-wheel'],
    ['ops', 'chat', 'canned'],
  ],
  game: [['ops', 'games']],
  bonus: [['ops', 'bonuses']],
  promotion: [['ops', 'promotion-codes']],
  spinWheel: [['ops', 'spin-wheel']],
};
const reloadTopic = (queryClient: QueryClient, topic: OpsChangeTopic) => {
  for (const queryKey of CHANGE_QUERY_KEYS[topic]) void queryClient.invalidateQueries({ queryKey });
};

/** The part of a socket.io client the channel uses (tests hand in a fake). */
export type LiveSocket = {
  on(event: string, listener: (...args: never[]) => void): unknown;
  close(): unknown;
  readonly active: boolean;
};

export const openLiveSocket = (): LiveSocket =>
  io({ path: OPS_LIVE_PATH, transports: ['websocket'], withCredentials: true });

/** Wires a live socket to the query cache; answers the function that closes it. */
export function connectOpsLive(
  queryClient: QueryClient,
  onStatus: (status: LiveStatus) => void,
  open: () => LiveSocket = openLiveSocket,
): () => void {
  const socket = open();
  let wasConnected = false;
  const reloadAll = () => {
    for (const queue of OPS_QUEUE_NAMES) void queryClient.invalidateQueries({ queryKey: ['ops', queue] });
    for (const topic of Object.keys(CHANGE_QUERY_KEYS) as OpsChangeTopic[]) reloadTopic(queryClient, topic);
  };
  socket.on('connect', () => {
    if (wasConnected) reloadAll();
    wasConnected = true;
    onStatus('connected');
  });
  socket.on('disconnect', () => {
    onStatus('reconnecting');
    // The server ended it (the session is over): no reconnection follows on its own.
    if (!socket.active) void queryClient.invalidateQueries({ queryKey: ['ops', 'me'] });
  });
  socket.on('connect_error', () => {
    onStatus('reconnecting');
    if (!socket.active) void queryClient.invalidateQueries({ queryKey: ['ops', 'me'] });
  });
  socket.on(OPS_LIVE_EVENT, (raw: never) => {
    const event = ZOpsQueueEvent.safeParse(raw);
    if (event.success) void queryClient.invalidateQueries({ queryKey: ['ops', event.data.queue] });
  });
  socket.on(OPS_CHANGE_EVENT, (raw: never) => {
    const event = ZOpsChangeEvent.safeParse(raw);
    if (event.success) reloadTopic(queryClient, event.data.topic);
  });
  return () => socket.close();
}

/** Keeps the live channel open while the calling component (the signed-in shell) is mounted. */
export function useOpsLive(open: () => LiveSocket = openLiveSocket): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => connectOpsLive(queryClient, setStatus, open), [queryClient, open]);
  return status;
}
