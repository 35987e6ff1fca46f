import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { formatTime } from '../../../lib/format';
import { messagesOf, useConversationMessages } from '../api/conversation-messages';
import { useCloseSession, useReply } from '../api/reply';
import { messageChoices, messageText } from './message-text';
import { ReplyForm } from './reply-form';

/** Near the top of the list, older messages load. */
const OLDER_AT_PX = 40;

/**
 * One conversation: its messages oldest first (older pages load on scrolling up, one request per page
 * however often the scroll asks), a reply form and the close of its session.
 */
export function ConversationView({ conversationId, canned }: { conversationId: number; canned: string[] }) {
  const { t, i18n } = useTranslation('chat');
  const messages = useConversationMessages(conversationId);
  const reply = useReply(conversationId);
  const close = useCloseSession(conversationId);
  const list = useRef<HTMLOListElement>(null);
  /** The distance from the bottom before older messages were added: the reader stays where they were. */
  const fromBottom = useRef(0);
  const pageCount = messages.data?.pages.length ?? 0;
  useLayoutEffect(() => {
    const el = list.current;
    if (el && pageCount > 0) el.scrollTop = el.scrollHeight - fromBottom.current;
  }, [pageCount]);
  if (messages.isPending) return <Loading />;
  if (messages.isError) return <Alert>{errorText(t, messages.error)}</Alert>;
  const { conversation } = messages.data.pages[0]!;
  const items = messagesOf(messages.data);
  const loadOlder = () => {
    if (!messages.hasNextPage || messages.isFetchingNextPage) return;
    const el = list.current;
    fromBottom.current = el ? el.scrollHeight - el.scrollTop : 0;
    void messages.fetchNextPage({ cancelRefetch: false });
  };
  return (
    <section className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 className="mr-auto font-semibold text-slate-900">
          {conversation.senderKind === 'member' ? `${conversation.name ?? ''} (${conversation.username})` : t('guest')}
        </h2>
        {conversation.sessionClosed ? (
          <span className="text-xs text-slate-500">{t('closed')}</span>
        ) : (
          <Button variant="secondary" small disabled={close.isPending} onClick={() => close.mutate()}>
            {t('close')}
          </Button>
        )}
      </div>
      {close.error ? <Alert>{errorText(t, close.error)}</Alert> : null}
      <ol
        ref={list}
        data-testid="chat-messages"
        onScroll={(e) => {
          if (e.currentTarget.scrollTop < OLDER_AT_PX) loadOlder();
        }}
        className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3"
      >
        {messages.hasNextPage ? (
          <li className="self-center">
            <Button variant="secondary" small disabled={messages.isFetchingNextPage} onClick={loadOlder}>
              {t('loadOlder')}
            </Button>
          </li>
        ) : null}
        {items.map((m) => (
          <li
            key={m._id}
            data-testid="chat-message"
            className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${m.sender === 'customer' ? 'self-start bg-slate-100' : 'self-end bg-teal-50'}`}
          >
            <span className="block text-xs text-slate-500">
              {t(`senders.${m.sender}`)}
              {m.staffId !== null ? ` · ${m.staffName ?? t('staffId', { id: m.staffId })}` : ''} ·{' '}
              {formatTime(m.createdAt, i18n.language)}
            </span>
            <span className="whitespace-pre-wrap">{messageText(m.message)}</span>
            {messageChoices(m.message).length > 0 ? (
              <span className="block text-xs text-slate-600">[{messageChoices(m.message).join('] [')}]</span>
            ) : null}
          </li>
        ))}
      </ol>
      <ReplyForm
        pending={reply.isPending}
        error={reply.error}
        canned={canned}
        onSend={(body) => reply.mutateAsync(body)}
      />
    </section>
  );
}
