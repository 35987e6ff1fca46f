// The newest audited change of each of some objects: who (staff id and display name) and when. The
// console shows it beside a setting or a switch ("changed by … at …").
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';

export type LastChange = { at: Date; staffId: number | null; staffName: string | null; action: string };

type Row = {
  object_id: string;
  at: string | Date;
  staff_id: number | string | null;
  display_name: string | null;
  action: string;
};

export async function lastChanges(
  db: Db,
  objectType: string,
  objectIds: readonly string[],
): Promise<Map<string, LastChange>> {
  if (objectIds.length === 0) return new Map();
  const ids = sql.join(
    objectIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select distinct on (a.object_id) a.object_id, a.at, a.staff_id, s.display_name, a.action
    from audit_log a left join staff s on s.id = a.staff_id
    where a.object_type = ${objectType} and a.object_id in (${ids})
    order by a.object_id, a.seq desc`);
  const rows = rowsOf<Row>(result);
  return new Map(
    rows.map((r) => [
      r.object_id,
      {
        at: new Date(r.at),
        staffId: r.staff_id === null ? null : Number(r.staff_id),
        staffName: r.display_name,
        action: r.action,
      },
    ]),
  );
}
