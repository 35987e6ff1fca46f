import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useCannedAnswers } from '../api/canned-answers';
import { conversationsOf, useConversations } from '../api/list-conversations';
import { CannedAnswersEditor } from './canned-answers-editor';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { MemberPanel } from './member-panel';

/**
 * The chat inbox: conversations reloaded live on every new message or read mark, a page at a time
 * ("load more", one request per page however often it is asked for), one open beside its member.
 */
export function ChatInbox() {
  const { t, i18n } = useTranslation('chat');
  const list = useConversations();
  const canned = useCannedAnswers();
  const [selected, setSelected] = useState<number | null>(null);
  const [isEditing, setEditing] = useState(false);
  const answers = canned.data?.answers ?? [];
  const last = canned.data?.lastChange;
  const items = conversationsOf(list.data);
  const loadMore = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage({ cancelRefetch: false });
  };
  const open = items.find((c) => c.id === selected) ?? null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold text-slate-900">{t('title')}</h1>
        {last ? (
          <span className="text-xs text-slate-500">
            {t('canned.changed', { name: last.staffName ?? '—', at: formatDateTime(last.at, i18n.language) })}
          </span>
        ) : null}
        {canned.data && !isEditing ? (
          <Button variant="secondary" small onClick={() => setEditing(true)}>
            {t('canned.open', { count: answers.length })}
          </Button>
        ) : null}
      </div>
      {isEditing ? <CannedAnswersEditor answers={answers} onDone={() => setEditing(false)} /> : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{errorText(t, list.error)}</Alert> : null}
      {list.data && items.length === 0 ? <p className="text-sm text-slate-600">{t('none')}</p> : null}
      {items.length > 0 ? (
        <div className="grid items-start gap-4 lg:grid-cols-[18rem_1fr_16rem]">
          <ConversationList
            items={items}
            selected={selected}
            onSelect={setSelected}
            more={list.hasNextPage ? { isLoading: list.isFetchingNextPage, load: loadMore } : null}
          />
          {open ? <ConversationView key={open.id} conversationId={open.id} canned={answers} /> : <p>{t('pick')}</p>}
          {open ? <MemberPanel conversationId={open.id} isMember={open.senderKind === 'member'} /> : null}
        </div>
      ) : null}
    </div>
  );
}
