// Helpers the Members area's tests share: the audit entries of a member, as the console reads them.
import { opsPaths } from '@krapao/contracts/ops/paths';
import type { TestApp } from '../../test/test-app.ts';
import { opsCall, type SignedInStaff } from '../staff/testing.ts';

/** The member's audit actions, oldest first. */
export async function auditActions(t: TestApp, reader: SignedInStaff, memberId: number): Promise<string[]> {
  const res = await opsCall(t, reader, 'GET', `${opsPaths.audit}?memberId=${memberId}&limit=200`);
  if (res.statusCode !== 200) throw new Error(`audit: ${res.statusCode} ${res.body}`);
  return (res.json().items as { action: string }[]).map((e) => e.action).reverse();
}

/** `path` with `:memberId` / `:approvalId` filled in. */
export function pathOf(path: string, id: number): string {
  return path.replace(/:(memberId|approvalId)/, String(id));
}
