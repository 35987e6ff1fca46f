// The conversation (docs/product.md §5): the first history page on open, older pages on demand (skip counts
// the server messages held), realtime arrivals from the socket (and the optional chat backend),
// and the read mark 1 s after the customer has seen new messages.
import { CHAT_HISTORY_PAGE_SIZE, MARK_READ_DELAY_MS } from '@krapao/contracts/constants';
import { type Dispatch, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { env } from '../../../lib/env';
import { getHistory } from '../api/get-history';
import { readCustomer } from '../api/read-customer';
import { type ChatItem, isOwn, parseChatMessage, serverCount } from '../lib/chat-items';
import { connectChatSocket } from '../lib/chat-socket';
import { type ChatAction, chatReducer, initialChatState } from '../lib/chat-state';
import { connectChatWs } from '../lib/chat-ws';
import type { ChatIdentity } from './use-chat-identity';

const parsePage = (messages: unknown[]) => messages.map(parseChatMessage).filter((m): m is ChatItem => m !== null);

export type ChatConversation = ReturnType<typeof useChatConversation>;

export function useChatConversation(opts: {
  identity: ChatIdentity;
  prefix: string;
  isOpen: boolean;
  /** A message this page did not hold before arrived in real time. */
  onArrival?: (item: ChatItem) => void;
}) {
  const { identity, prefix, isOpen } = opts;
  const [state, rawDispatch] = useReducer(chatReducer, initialChatState);
  const [seenTick, setSeenTick] = useState(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const onArrival = useRef(opts.onArrival);
  onArrival.current = opts.onArrival;
  /** Server ids already held: the socket, the chat backend and the send answer may all bring one message. */
  const seen = useRef(new Set<string>());
  const { who } = identity;

  const dispatch: Dispatch<ChatAction> = useCallback((action) => {
    if (action.type === 'page') for (const item of action.items) seen.current.add(item.serverId ?? '');
    if (action.type === 'sent') seen.current.add(action.sent._id);
    rawDispatch(action);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    seen.current = new Set();
    dispatch({ type: 'reset' });
    getHistory({ ...who, limit: CHAT_HISTORY_PAGE_SIZE, skip: 0 }, controller.signal).then(
      (page) =>
        dispatch({ type: 'page', items: parsePage(page.messages), total: page.total, limit: CHAT_HISTORY_PAGE_SIZE }),
      () => {
        if (!controller.signal.aborted) dispatch({ type: 'page', items: [], total: 0, limit: CHAT_HISTORY_PAGE_SIZE });
      },
    );
    return () => controller.abort();
  }, [who, dispatch]);

  /**
   * Set at once, not at the next render: two scroll events in one frame both see the state of the
   * last render, and only this keeps them from asking for the same older page twice.
   */
  const olderInFlight = useRef(false);
  const loadOlder = useCallback(async () => {
    const current = stateRef.current;
    if (!current.isLoaded || !current.hasMore || current.isLoadingOlder || olderInFlight.current) return;
    olderInFlight.current = true;
    dispatch({ type: 'loadingOlder', value: true });
    try {
      const skip = serverCount(current.items);
      const page = await getHistory({ ...who, limit: CHAT_HISTORY_PAGE_SIZE, skip });
      dispatch({ type: 'page', items: parsePage(page.messages), total: page.total, limit: CHAT_HISTORY_PAGE_SIZE });
    } catch {
      dispatch({ type: 'loadingOlder', value: false });
    } finally {
      olderInFlight.current = false;
    }
  }, [who, dispatch]);

  useEffect(() => {
    const onMessage = (raw: unknown) => {
      const item = parseChatMessage(raw);
      if (!item?.serverId || seen.current.has(item.serverId)) return;
      seen.current.add(item.serverId);
      rawDispatch({ type: 'arrived', item });
      if (!isOwn(item)) setSeenTick((n) => n + 1);
      onArrival.current?.(item);
    };
    const stops = [connectChatSocket({ prefix, ownerId: identity.ownerId, auth: identity.auth, onMessage })];
    if (env.chatBackend) stops.push(connectChatWs({ address: env.chatBackend, auth: identity.auth, onMessage }));
    return () => {
      for (const stop of stops) stop();
    };
  }, [prefix, identity.ownerId, identity.auth]);

  // Read 1 s after the open conversation shows its history or a new message from support.
  // biome-ignore lint/correctness/useExhaustiveDependencies: seenTick re-arms the timer for each new message
  useEffect(() => {
    if (!isOpen || !state.isLoaded) return;
    const timer = setTimeout(() => readCustomer(who).catch(() => {}), MARK_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isOpen, state.isLoaded, seenTick, who]);

  return { ...state, dispatch, loadOlder, itemsRef: stateRef };
}
