// Staff rows. Secrets stay sealed here; the services open them (totp.ts).

import type { StaffRole } from '@krapao/contracts/ops/roles';
import type { TStaff } from '@krapao/contracts/ops/staff';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { staff } from '../../db/schema/ops.ts';

export type StaffRow = typeof staff.$inferSelect;
export type StaffStatus = TStaff['status'];
type Conn = Db | Tx;

/** A staff row as the console sees it: nothing secret. */
export function staffView(row: StaffRow): TStaff {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    role: row.role as StaffRole,
    status: row.status as StaffStatus,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

export function createStaffRepository() {
  return {
    async byId(db: Conn, id: number) {
      const [row] = await db.select().from(staff).where(eq(staff.id, id));
      return row ?? null;
    },
    /** The row, locked to the end of the transaction. */
    async lockById(tx: Tx, id: number) {
      const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      return row ?? null;
    },
    async byUsername(db: Conn, username: string) {
      const [row] = await db.select().from(staff).where(eq(staff.username, username));
      return row ?? null;
    },
    list(db: Conn) {
      return db.select().from(staff).orderBy(asc(staff.id));
    },
    /** Null when the username is taken. */
    async insert(
      db: Conn,
      row: { username: string; displayName: string; role: StaffRole; status: StaffStatus; createdAt: Date },
    ) {
      const [created] = await db.insert(staff).values(row).onConflictDoNothing({ target: staff.username }).returning();
      return created ?? null;
    },
    async update(db: Conn, id: number, set: Partial<Omit<StaffRow, 'id' | 'username' | 'createdAt'>>) {
      const [row] = await db.update(staff).set(set).where(eq(staff.id, id)).returning();
      if (!row) throw new Error(`staff ${id} not found`);
      return row;
    },
    /** Raises the credential version: every session made before ends. */
    async bumpCredentials(db: Conn, id: number, set: Partial<Omit<StaffRow, 'id' | 'username' | 'createdAt'>> = {}) {
      const [row] = await db
        .update(staff)
        .set({ ...set, credentialVersion: sql`${staff.credentialVersion} + 1` })
        .where(eq(staff.id, id))
        .returning();
      if (!row) throw new Error(`staff ${id} not found`);
      return row;
    },
    async activeOwners(db: Conn): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(staff)
        .where(and(eq(staff.role, 'owner'), eq(staff.status, 'active')));
      return Number(row?.n ?? 0);
    },
    /**
     * Takes the TOTP step `step` for the staff member: false when it (or a later one) was taken
     * already, so one code signs in once, even when sent twice at once.
     */
    async claimStep(db: Conn, id: number, step: number): Promise<boolean> {
      const rows = await db
        .update(staff)
        .set({ totpLastStep: step })
        .where(and(eq(staff.id, id), sql`(${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`))
        .returning({ id: staff.id });
      return rows.length === 1;
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
