import type { TChatMessageBody } from '@krapao/contracts/chat';
import { useTranslation } from 'react-i18next';
import { ChatButtons, GenericCards, type OnPostback } from './chat-actions';
import { ChatMedia } from './chat-media';

const TEXT = 'whitespace-pre-wrap break-words';

/** One message body by its type; anything unknown renders as a quiet placeholder. */
export function ChatMessageBody({
  body,
  guestId,
  onPostback,
}: {
  body: TChatMessageBody;
  guestId?: string;
  onPostback: OnPostback;
}) {
  const { t } = useTranslation('chat');
  switch (body.message_type) {
    case 'text':
      return (
        <p data-testid="chat-text" className={TEXT}>
          {body.payload.text}
        </p>
      );
    case 'buttons':
      return (
        <div>
          <p data-testid="chat-text" className={TEXT}>
            {body.payload.text}
          </p>
          <ChatButtons buttons={body.payload.buttons} onPostback={onPostback} />
        </div>
      );
    case 'quick_replies':
      return (
        <p data-testid="chat-text" className={TEXT}>
          {body.payload.text}
        </p>
      );
    case 'media':
      return <ChatMedia payload={body.payload} guestId={guestId} />;
    case 'generic':
      return <GenericCards cards={body.payload.elements} onPostback={onPostback} />;
    case 'postback':
      return (
        <p data-testid="chat-text" className={TEXT}>
          {body.payload.title}
        </p>
      );
    default:
      return (
        <p data-testid="chat-unknown" className="text-xs italic opacity-70">
          {t('unknownMessage')}
        </p>
      );
  }
}
