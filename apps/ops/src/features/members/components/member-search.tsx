import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useSearchMembers } from '../api/search-members';

/** Find a member by phone, name, bank account number or id; each row opens the member's page. */
export function MemberSearch() {
  const { t, i18n } = useTranslation('members');
  const [text, setText] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const search = useSearchMembers(query.q, query.page);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ q: text.trim(), page: 1 });
  };
  const items = search.data?.items ?? [];

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold text-slate-900">{t('title')}</h1>
      <form onSubmit={submit} className="flex items-end gap-2">
        <TextField
          label={t('search.label')}
          hint={t('search.hint')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="w-full"
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      {search.isFetching && !search.data ? <Loading /> : null}
      {search.isError ? <Alert>{errorText(t, search.error)}</Alert> : null}
      {search.data && items.length === 0 ? <p className="text-sm text-slate-600">{t('search.none')}</p> : null}
      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[560px] text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-3 py-2 font-medium">{t('field.id')}</th>
                <th className="px-3 py-2 font-medium">{t('field.phone')}</th>
                <th className="px-3 py-2 font-medium">{t('field.name')}</th>
                <th className="px-3 py-2 font-medium">{t('field.status')}</th>
                <th className="px-3 py-2 font-medium">{t('field.createdAt')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id} className="border-t border-slate-100" data-testid="member-row">
                  <td className="px-3 py-2">
                    <Link to={`/members/${m.id}`} className="font-medium text-teal-800 underline">
                      {m.id}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{m.phone}</td>
                  <td className="px-3 py-2">{m.name}</td>
                  <td className="px-3 py-2">{t(`status.${m.status}`)}</td>
                  <td className="px-3 py-2">{formatDateTime(m.createdAt, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {search.data && (query.page > 1 || search.data.hasMore) ? (
        <div className="flex justify-end gap-2">
          <Button
            variant="secondary"
            disabled={query.page <= 1}
            onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
          >
            {t('search.previous')}
          </Button>
          <Button
            variant="secondary"
            disabled={!search.data.hasMore}
            onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
          >
            {t('search.next')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
