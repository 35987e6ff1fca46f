import { useTranslation } from 'react-i18next';
import { useChatAlert } from '../hooks/use-chat-alert';
import { useChatConversation } from '../hooks/use-chat-conversation';
import type { ChatIdentity } from '../hooks/use-chat-identity';
import { useChatScroll } from '../hooks/use-chat-scroll';
import { useChatSender } from '../hooks/use-chat-sender';
import type { ChatItem } from '../lib/chat-items';
import { ChatComposer } from './chat-composer';
import { ChatMessageList } from './chat-message-list';

type Props = {
  identity: ChatIdentity;
  prefix: string;
  isOpen: boolean;
  /** A message from support arrived (the launcher counts those that arrive while it is closed). */
  onArrival: (item: ChatItem) => void;
};

/** One open conversation: history, realtime, sending, scrolling and the chat alert. */
export function ChatSession({ identity, prefix, isOpen, onArrival }: Props) {
  const { t } = useTranslation('chat');
  const { alert, showAlert } = useChatAlert();
  const conversation = useChatConversation({
    identity,
    prefix,
    isOpen,
    onArrival: (item) => {
      scroll.onArrival(item);
      onArrival(item);
    },
  });
  const scroll = useChatScroll({
    items: conversation.items,
    hasMore: conversation.hasMore,
    isOpen,
    onTop: conversation.loadOlder,
  });
  const sender = useChatSender({
    identity,
    dispatch: conversation.dispatch,
    itemsRef: conversation.itemsRef,
    showAlert,
  });

  return (
    <>
      <div className="relative flex min-h-0 flex-1 flex-col">
        <ChatMessageList
          items={conversation.items}
          isLoaded={conversation.isLoaded}
          isLoadingOlder={conversation.isLoadingOlder}
          listRef={scroll.listRef}
          contentRef={scroll.contentRef}
          onScroll={scroll.onScroll}
          guestId={identity.guestId}
          onPostback={sender.sendPostback}
          onResend={sender.resend}
          onRemove={sender.remove}
        />
        {scroll.unread > 0 ? (
          <button
            type="button"
            data-testid="chat-unread"
            onClick={scroll.toBottom}
            className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-2 rounded-full bg-gold-400 px-3 py-1.5 text-xs font-semibold text-ink-950 shadow-lg"
          >
            <span data-testid="chat-unread-count" className="rounded-full bg-ink-950 px-1.5 text-[10px] text-gold-200">
              {scroll.unread}
            </span>
            <span>{t('newMessages', { count: scroll.unread })} ↓</span>
          </button>
        ) : null}
        {alert ? (
          <div
            role="alert"
            data-testid="chat-alert"
            className="absolute inset-x-3 top-3 rounded-xl border border-rose-400/40 bg-rose-950/95 px-3 py-2 text-xs text-rose-100 shadow-lg"
          >
            {alert}
          </div>
        ) : null}
      </div>
      <ChatComposer onSendText={sender.sendText} onFile={sender.sendFile} />
    </>
  );
}
