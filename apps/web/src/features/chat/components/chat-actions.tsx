// Buttons, quick replies and generic cards: web opens the address, call dials, postback
// sends its payload back as the customer's message, other only shows its title.
import { isSafeChatUrl, type TChatButton, type TGenericCard, type TQuickReply } from '@krapao/contracts/chat';
import { AppLink } from '../../../components/ui/app-link';

export type OnPostback = (title: string, payload: string) => void;

const CHIP =
  'inline-flex min-h-9 items-center justify-center rounded-lg border border-gold-500/50 px-3 py-1.5 text-center text-xs font-semibold text-gold-200 transition hover:bg-gold-500/10';

/** Same-site paths stay in this tab (a new tab would lose a session kept only for this tab); others open a new one. */
function WebButton({ button }: { button: Extract<TChatButton, { type: 'web' }> }) {
  if (button.payload.startsWith('/')) {
    return (
      <AppLink to={button.payload} data-testid="chat-button" data-type="web" className={CHIP}>
        {button.title}
      </AppLink>
    );
  }
  return (
    <a
      href={button.payload}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="chat-button"
      data-type="web"
      className={CHIP}
    >
      {button.title}
    </a>
  );
}

export function ChatButton({ button, onPostback }: { button: TChatButton; onPostback: OnPostback }) {
  switch (button.type) {
    case 'web':
      return <WebButton button={button} />;
    case 'call':
      return (
        <a
          href={`tel:${button.payload.replace(/[\s-]/g, '')}`}
          data-testid="chat-button"
          data-type="call"
          className={CHIP}
        >
          {button.title}
        </a>
      );
    case 'postback':
      return (
        <button
          type="button"
          data-testid="chat-button"
          data-type="postback"
          className={CHIP}
          onClick={() => onPostback(button.title, button.payload)}
        >
          {button.title}
        </button>
      );
    default:
      return (
        <span data-testid="chat-button" data-type="other" className={`${CHIP} cursor-default opacity-70`}>
          {button.title}
        </span>
      );
  }
}

export function ChatButtons({ buttons, onPostback }: { buttons: TChatButton[]; onPostback: OnPostback }) {
  return (
    <div className="mt-2 flex flex-col gap-1.5">
      {buttons.map((button) => (
        <ChatButton key={`${button.type}:${button.title}:${button.payload}`} button={button} onPostback={onPostback} />
      ))}
    </div>
  );
}

export function QuickReplies({ replies, onPostback }: { replies: TQuickReply[]; onPostback: OnPostback }) {
  return (
    <div data-testid="chat-quick-replies" className="flex flex-wrap gap-1.5 pt-1">
      {replies.map((reply) => (
        <button
          key={reply.payload}
          type="button"
          data-testid="chat-quick-reply"
          onClick={() => onPostback(reply.title, reply.payload)}
          className="rounded-full border border-gold-400/60 bg-gold-500/10 px-3 py-1.5 text-xs font-semibold text-gold-200 hover:bg-gold-500/20"
        >
          {reply.title}
        </button>
      ))}
    </div>
  );
}

export function GenericCards({ cards, onPostback }: { cards: TGenericCard[]; onPostback: OnPostback }) {
  return (
    <div className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 pb-1">
      {cards.map((card) => (
        <article
          key={`${card.title}:${card.subtitle}`}
          data-testid="chat-card"
          className="w-60 shrink-0 snap-start overflow-hidden rounded-xl border border-white/10 bg-ink-800"
        >
          {card.image_url && isSafeChatUrl(card.image_url) ? (
            <img src={card.image_url} alt="" data-testid="chat-card-image" className="h-28 w-full object-cover" />
          ) : null}
          <div className="p-3">
            <h4 data-testid="chat-card-title" className="text-sm font-semibold text-white">
              {card.title}
            </h4>
            {card.subtitle ? (
              <p data-testid="chat-card-subtitle" className="mt-1 text-xs text-white/65">
                {card.subtitle}
              </p>
            ) : null}
            {card.buttons.length > 0 ? <ChatButtons buttons={card.buttons} onPostback={onPostback} /> : null}
          </div>
        </article>
      ))}
    </div>
  );
}
