// The support chat widget (docs/product.md §5): a launcher, an invite bubble shortly after load, and the
// expanded conversation. The conversation starts on the first open and stays while the page does.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIcon, CloseIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/loader';
import { chatConfigQuery } from '../api/get-chat-config';
import { useChatIdentity } from '../hooks/use-chat-identity';
import { type ChatItem, isOwn } from '../lib/chat-items';
import { ChatPanelFrame } from './chat-panel-frame';
import { ChatSession } from './chat-session';

/** How long after load the invite bubble appears. */
export const CHAT_INVITE_DELAY_MS = 1_500;

export function ChatWidget() {
  const { t } = useTranslation('chat');
  const identity = useChatIdentity();
  const config = useQuery(chatConfigQuery());
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const [isInviting, setInviting] = useState(false);
  const [unseen, setUnseen] = useState(0);
  const isOpenRef = useRef(isOpen);
  isOpenRef.current = isOpen;

  useEffect(() => {
    const timer = setTimeout(() => setInviting(true), CHAT_INVITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const open = () => {
    setOpen(true);
    setHasOpened(true);
    setInviting(false);
    setUnseen(0);
  };
  const onArrival = useCallback((item: ChatItem) => {
    if (!isOpenRef.current && !isOwn(item)) setUnseen((n) => n + 1);
  }, []);

  return (
    <div data-testid="chat-widget">
      {!isOpen && isInviting ? (
        <div
          data-testid="chat-invite"
          className="fixed right-4 bottom-42 z-[55] flex max-w-[260px] items-start gap-2 rounded-2xl rounded-br-md border border-gold-500/40 bg-ink-800 p-3 text-sm text-white shadow-xl"
        >
          <button type="button" onClick={open} className="text-left" data-testid="chat-invite-open">
            {t('invite')}
          </button>
          <button
            type="button"
            onClick={() => setInviting(false)}
            aria-label={t('inviteClose')}
            data-testid="chat-invite-close"
            className="-mt-1 -mr-1 shrink-0 rounded-full p-1 text-white/50 hover:text-white"
          >
            <CloseIcon size={14} />
          </button>
        </div>
      ) : null}
      {!isOpen ? (
        <button
          type="button"
          onClick={open}
          aria-label={t('open')}
          data-testid="chat-launcher"
          className="fixed right-4 bottom-24 z-[55] flex h-14 w-14 items-center justify-center rounded-full bg-gradient-to-b from-gold-300 to-gold-600 text-ink-950 shadow-lg shadow-gold-900/40"
        >
          <ChatIcon size={26} />
          {unseen > 0 ? (
            <span
              data-testid="chat-launcher-badge"
              className="absolute -top-1 -right-1 min-w-5 rounded-full bg-rose-600 px-1.5 text-center text-[11px] leading-5 font-bold text-white"
            >
              {unseen}
            </span>
          ) : null}
        </button>
      ) : null}
      {hasOpened ? (
        <ChatPanelFrame isOpen={isOpen} onClose={() => setOpen(false)}>
          {identity && config.data ? (
            <ChatSession identity={identity} prefix={config.data.PREFIX} isOpen={isOpen} onArrival={onArrival} />
          ) : (
            <div className="flex flex-1 items-center justify-center">
              <Spinner />
            </div>
          )}
        </ChatPanelFrame>
      ) : null}
    </div>
  );
}
