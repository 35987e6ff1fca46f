import type { TOpsChatConversation } from '@krapao/contracts/ops/chat';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { messageText } from './message-text';

type Props = {
  items: TOpsChatConversation[];
  selected: number | null;
  onSelect: (id: number) => void;
  /** Older conversations to load, when there are. */
  more: { isLoading: boolean; load: () => void } | null;
};

/** The conversations, the latest message first, each with who it is and how many messages wait. */
export function ConversationList({ items, selected, onSelect, more }: Props) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {items.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              data-testid="conversation-row"
              aria-current={c.id === selected ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
              className={`flex w-full flex-col gap-1 p-3 text-left text-sm hover:bg-slate-50 ${c.id === selected ? 'bg-teal-50' : ''}`}
            >
              <span className="flex items-center gap-2">
                <span className="mr-auto font-medium text-slate-900">
                  {c.senderKind === 'member' ? `${c.name ?? ''} (${c.username ?? c.userId})` : t('guest')}
                </span>
                {c.unread > 0 ? (
                  <span className="rounded-full bg-rose-600 px-2 text-xs text-white">
                    {t('unread', { count: c.unread })}
                  </span>
                ) : null}
              </span>
              <span className="truncate text-slate-600">{c.lastMessage ? messageText(c.lastMessage.message) : ''}</span>
              {c.sessionClosed ? <span className="text-xs text-slate-500">{t('closed')}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      {more ? (
        <Button variant="secondary" small disabled={more.isLoading} onClick={more.load}>
          {t('loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
