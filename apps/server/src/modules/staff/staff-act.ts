// Who did a console action and why: what every audited change made by a person carries into its
// transaction (the staff member, the reason they gave, and the request id of the call).
import type { FastifyRequest } from 'fastify';
import type { ReasonedAct, StaffAct } from '../audit/index.ts';
import { staffOf } from './ops-guard.plugin.ts';

export function staffActOf(request: FastifyRequest, reason: string): ReasonedAct;
export function staffActOf(request: FastifyRequest, reason?: string | null): StaffAct;
export function staffActOf(request: FastifyRequest, reason?: string | null): StaffAct {
  return { staffId: staffOf(request).staffId, reason: reason ?? null, requestId: request.id };
}
