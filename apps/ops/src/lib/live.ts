// The console's live channel (decision 063): one socket.io connection while signed in. The server
// names the queue that changed and the console reloads it: every queue page keys its queries
// ['ops', '<queue>', ...]. After a drop the client reconnects by itself and reloads every queue, since
// it may have missed events meanwhile; a refused session reloads the signed-in staff member, which
// sends a signed-out browser to the sign-in page.
import { OPS_LIVE_EVENT, OPS_LIVE_PATH, OPS_QUEUE_NAMES, ZOpsQueueEvent } from '@krapao/contracts/ops/live';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { io } from 'socket.io-client';

export type LiveStatus = 'connecting' | 'connected' | 'reconnecting';

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
  return () => socket.close();
}

/** Keeps the live channel open while the calling component (the signed-in shell) is mounted. */
export function useOpsLive(open: () => LiveSocket = openLiveSocket): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => connectOpsLive(queryClient, setStatus, open), [queryClient, open]);
  return status;
}
