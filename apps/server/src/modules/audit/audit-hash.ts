// The audit chain's hash (decision 061): HMAC-SHA256 hex, under AUDIT_CHAIN_KEY, of the previous
// entry's hash followed by the entry's canonical JSON — keys sorted at every depth, bigints as
// strings, no undefined — so the same entry read back from jsonb hashes the same. The key lives
// outside the database: its owner can insert a row, not compute the hash that makes it fit.
import { createHmac } from 'node:crypto';
import { DEV_AUDIT_CHAIN_KEY } from '../../config-fields.ts';

/** The `prev_hash` of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

let chainKey: string = DEV_AUDIT_CHAIN_KEY;

/**
 * The key this process seals and checks entries with: AUDIT_CHAIN_KEY, set before the first append
 * by the seed, the app and the scripts that append. Until then, the development default.
 */
export function useAuditChainKey(key: string) {
  chainKey = key;
}
export const auditChainKey = () => chainKey;

/** The fields an entry's hash covers, as stored. */
export type HashedEntry = {
  seq: number;
  at: Date;
  actor: string;
  staffId: number | null;
  action: string;
  objectType: string;
  objectId: string;
  memberId: number | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
};

/** A value as JSON stores it: bigints as strings, dates as ISO text, undefined members dropped. */
export function toJsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null');
}

/** JSON with the keys of every object sorted: one text for one value, whatever order it was built in. */
export function canonicalJson(value: unknown): string {
  return sorted(toJsonValue(value));
}

function sorted(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(sorted).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${sorted(record[k])}`).join(',')}}`;
}

/** The text an entry's hash covers: the previous entry's hash, then the entry's canonical JSON. */
export function hashedText(prevHash: string, e: HashedEntry): string {
  const fields = {
    seq: String(e.seq),
    at: e.at.toISOString(),
    actor: e.actor,
    staffId: e.staffId === null ? null : String(e.staffId),
    action: e.action,
    objectType: e.objectType,
    objectId: e.objectId,
    memberId: e.memberId === null ? null : String(e.memberId),
    reason: e.reason,
    before: e.before,
    after: e.after,
    requestId: e.requestId,
  };
  return prevHash + canonicalJson(fields);
}

export function entryHash(key: string, prevHash: string, e: HashedEntry): string {
  return createHmac('sha256', key).update(hashedText(prevHash, e)).digest('hex');
}
