import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { type MemberTab, useMemberTab } from '../api/get-member-tab';

/** The columns each tab shows, in order; dates are formatted, the rest shown as they come. */
const COLUMNS: Record<MemberTab, string[]> = {
  statement: ['createdAt', 'statementType', 'from', 'to', 'amount', 'status'],
  deposits: ['createdAt', 'from', 'amount', 'status'],
  withdrawals: ['createdAt', 'amount', 'bankCode', 'bankAccountNo', 'status', 'note'],
  conditions: ['createdAt', 'kind', 'sourceCode', 'status', 'bonusAmount', 'target', 'endedAt'],
  sessions: ['createdAt', 'ip', 'expiresAt'],
  chat: ['createdAt', 'sender', 'text'],
};
const DATES = new Set(['createdAt', 'endedAt', 'expiresAt']);

export function MemberTabTable({ memberId, tab }: { memberId: number; tab: MemberTab }) {
  const { t, i18n } = useTranslation('members');
  const rows = useMemberTab(memberId, tab);
  if (rows.isPending) return <Loading />;
  if (rows.isError) return <Alert>{errorText(t, rows.error)}</Alert>;
  if (rows.data.items.length === 0) return <p className="p-3 text-sm text-slate-600">{t('tab.empty')}</p>;
  const columns = COLUMNS[tab];
  const cell = (column: string, value: unknown) =>
    DATES.has(column) ? formatDateTime(value as string | null, i18n.language) : String(value ?? '–');
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[560px] text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c} className="px-3 py-2 font-medium">
                {t(`field.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.data.items.map((row) => (
            <tr key={String(row.id)} className="border-t border-slate-100">
              {columns.map((c) => (
                <td key={c} className="px-3 py-2 break-words">
                  {cell(c, row[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
