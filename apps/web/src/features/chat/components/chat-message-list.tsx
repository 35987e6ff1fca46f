import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/loader';
import { type ChatItem, sessionBreaks } from '../lib/chat-items';
import type { OnPostback } from './chat-actions';
import { ChatMessageRow } from './chat-message-row';

type Props = {
  items: ChatItem[];
  isLoaded: boolean;
  isLoadingOlder: boolean;
  listRef: RefObject<HTMLDivElement | null>;
  contentRef: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  guestId?: string;
  onPostback: OnPostback;
  onResend: (key: string) => void;
  onRemove: (key: string) => void;
};

function EndConversation() {
  const { t } = useTranslation('chat');
  return (
    <p data-testid="chat-divider" className="my-2 flex items-center gap-3 text-[11px] text-white/45">
      <span className="h-px flex-1 bg-white/15" />
      {t('endConversation')}
      <span className="h-px flex-1 bg-white/15" />
    </p>
  );
}

/** The history, oldest at the top, with an 'End Conversation' divider where session_id changes. */
export function ChatMessageList({
  items,
  isLoaded,
  isLoadingOlder,
  listRef,
  contentRef,
  onScroll,
  guestId,
  ...actions
}: Props) {
  const { t } = useTranslation('chat');
  const breaks = sessionBreaks(items);
  return (
    <div
      ref={listRef}
      onScroll={onScroll}
      data-testid="chat-messages"
      role="log"
      aria-live="polite"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-3 [overflow-anchor:none]"
    >
      <div ref={contentRef} className="flex flex-col gap-2">
        {isLoadingOlder ? (
          <div data-testid="chat-loading-older" className="flex justify-center py-1">
            <Spinner className="h-5 w-5" />
            <span className="sr-only">{t('loadingOlder')}</span>
          </div>
        ) : null}
        {isLoaded && items.length === 0 ? (
          <p
            data-testid="chat-welcome"
            className="mx-auto mt-6 max-w-[85%] rounded-2xl bg-ink-700 px-4 py-3 text-center text-sm text-white/80"
          >
            {t('welcome')}
          </p>
        ) : null}
        {!isLoaded ? (
          <div className="flex justify-center py-6">
            <Spinner className="h-6 w-6" />
          </div>
        ) : null}
        {items.map((item, index) => {
          const previous = items[index - 1];
          return (
            <div key={item.key} className="flex flex-col">
              {breaks.has(item.key) ? <EndConversation /> : null}
              <ChatMessageRow
                item={item}
                isLast={index === items.length - 1}
                showName={!previous || previous.sender !== item.sender || breaks.has(item.key)}
                guestId={guestId}
                {...actions}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
