import { useTranslation } from 'react-i18next';
import { type ChatItem, isOwn } from '../lib/chat-items';
import type { OnPostback } from './chat-actions';
import { QuickReplies } from './chat-actions';
import { ChatMessageBody } from './chat-message-body';
import { ChatTime } from './chat-time';

type Props = {
  item: ChatItem;
  showName: boolean;
  isLast: boolean;
  guestId?: string;
  onPostback: OnPostback;
  onResend: (key: string) => void;
  onRemove: (key: string) => void;
};

function DeliveryStatus({ item, onResend, onRemove }: Pick<Props, 'item' | 'onResend' | 'onRemove'>) {
  const { t } = useTranslation('chat');
  if (!item.status) return null;
  return (
    <div className="flex flex-col items-end gap-1">
      {item.status === 'uploading_file' ? (
        <div
          role="progressbar"
          aria-label={t('status.uploading_file')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round((item.progress ?? 0) * 100)}
          data-testid="chat-progress"
          className="h-1 w-32 overflow-hidden rounded-full bg-white/15"
        >
          <div
            className="h-full bg-gold-400 transition-[width]"
            style={{ width: `${Math.round((item.progress ?? 0) * 100)}%` }}
          />
        </div>
      ) : null}
      <span
        data-testid="chat-status"
        data-status={item.status}
        className={`text-[10px] ${item.status === 'failed' ? 'text-rose-300' : 'text-white/45'}`}
      >
        {t(`status.${item.status}`)}
      </span>
      {item.status === 'failed' ? (
        <div className="flex gap-2 text-[11px]">
          <button
            type="button"
            data-testid="chat-resend"
            onClick={() => onResend(item.key)}
            className="font-semibold text-gold-300 hover:underline"
          >
            {t('resend')}
          </button>
          <button
            type="button"
            data-testid="chat-remove"
            onClick={() => onRemove(item.key)}
            className="text-white/60 hover:underline"
          >
            {t('remove')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** A message on the customer's side (sender 'customer') or on support's side (any other sender). */
export function ChatMessageRow({ item, showName, isLast, guestId, onPostback, onResend, onRemove }: Props) {
  const { t } = useTranslation('chat');
  const own = isOwn(item);
  const type = item.body.message_type;
  const isCard = type === 'generic';
  const bubble = own
    ? 'rounded-2xl rounded-br-md bg-gradient-to-b from-gold-300 to-gold-500 text-ink-950'
    : 'rounded-2xl rounded-bl-md bg-ink-700 text-white';
  return (
    <div
      data-testid="chat-message"
      data-sender={own ? 'customer' : 'support'}
      data-type={type}
      className={`flex flex-col ${own ? 'items-end' : 'items-start'}`}
    >
      {showName && !own ? (
        <span className="mb-0.5 px-1 text-[11px] text-white/50">{item.name || t('support')}</span>
      ) : null}
      <div className={`max-w-[85%] text-sm ${isCard ? 'w-full max-w-full' : `px-3 py-2 ${bubble}`}`}>
        <ChatMessageBody body={item.body} guestId={guestId} onPostback={onPostback} />
      </div>
      <div className="mt-0.5 flex items-center gap-2 px-1">
        <ChatTime createdAt={item.createdAt} />
      </div>
      {own ? <DeliveryStatus item={item} onResend={onResend} onRemove={onRemove} /> : null}
      {isLast && type === 'quick_replies' ? (
        <QuickReplies replies={item.body.payload.quick_replies} onPostback={onPostback} />
      ) : null}
    </div>
  );
}
