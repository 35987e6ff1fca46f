// Scrolling of the message list: stick to the bottom while the reader is there; reaching
// the top asks for the next older page and keeps the reader's place when it arrives; a message from
// support that arrives while the reader is more than 60 px up counts as unread until they come down.
import { SCROLL_NEAR_BOTTOM_PX } from '@krapao/contracts/constants';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type ChatItem, isOwn } from '../lib/chat-items';

export function isNearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_NEAR_BOTTOM_PX;
}

/** The reader's own message, just sent from this page: show it. */
const isSentHere = (item: ChatItem | undefined) => Boolean(item && isOwn(item) && item.status);

export function useChatScroll(opts: { items: ChatItem[]; hasMore: boolean; isOpen: boolean; onTop: () => void }) {
  const { items, hasMore, isOpen, onTop } = opts;
  const listRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [unread, setUnread] = useState(0);
  /** The reader follows the bottom: set by our own scrolling to it, changed only by the reader's scrolling. */
  const atBottom = useRef(true);
  /** Where our last programmatic scroll left the list: its scroll event is not the reader's. */
  const ownScrollTop = useRef<number | null>(null);
  /** The list's position at the last scroll event: only a move up is the reader leaving the bottom. */
  const lastTop = useRef(0);
  const snapshot = useRef({ height: 0, top: 0, first: '', last: '' });

  const toBottom = useCallback(() => {
    const el = listRef.current;
    if (el) {
      el.scrollTop = el.scrollHeight;
      ownScrollTop.current = el.scrollTop;
      lastTop.current = el.scrollTop;
    }
    atBottom.current = true;
    setUnread(0);
  }, []);

  const remember = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    snapshot.current = { ...snapshot.current, height: el.scrollHeight, top: el.scrollTop };
  }, []);

  const onScroll = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    const movedUp = el.scrollTop < lastTop.current;
    lastTop.current = el.scrollTop;
    remember();
    // Our own scroll's event can come a frame late, after a picture grew the list, and the browser may
    // nudge the list down a little: neither is the reader moving up.
    if (atBottom.current && ownScrollTop.current !== null && el.scrollTop >= ownScrollTop.current) return;
    ownScrollTop.current = null;
    // A list that grew below the reader (a picture decoded) or a nudge by the browser is not the
    // reader moving up: they stay at the bottom until they scroll up themselves.
    atBottom.current = isNearBottom(el) || (atBottom.current && !movedUp);
    if (atBottom.current) setUnread(0);
    if (el.scrollTop <= 0) onTop();
  }, [onTop, remember]);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el || !isOpen) return;
    const first = items[0]?.key ?? '';
    const last = items.at(-1)?.key ?? '';
    const before = snapshot.current;
    if (before.first && first !== before.first && last === before.last) {
      // An older page went in above: keep the same messages under the reader's eyes.
      el.scrollTop = el.scrollHeight - before.height + before.top;
      ownScrollTop.current = el.scrollTop;
      lastTop.current = el.scrollTop;
    } else if (last !== before.last && (atBottom.current || !before.last || isSentHere(items.at(-1)))) {
      toBottom();
    }
    snapshot.current = { height: el.scrollHeight, top: el.scrollTop, first, last };
    // A first page too short to scroll can never reach "the top" by scrolling: ask now.
    if (hasMore && el.scrollHeight <= el.clientHeight) onTop();
  }, [items, hasMore, isOpen, onTop, toBottom]);

  // Pictures load after layout: keep the bottom in view when the reader was there.
  useEffect(() => {
    const content = contentRef.current;
    if (!content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) toBottom();
      else remember();
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [toBottom, remember]);

  /** Called for each real-time arrival, before it renders. */
  const onArrival = useCallback((item: ChatItem) => {
    if (!atBottom.current && !isOwn(item)) setUnread((n) => n + 1);
  }, []);

  return { listRef, contentRef, onScroll, unread, toBottom, onArrival };
}
