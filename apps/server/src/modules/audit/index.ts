// What other modules and the composition roots use of the audit trail.

export { auditRoutes } from './audit.routes.ts';
export { type AuditActor, type AuditEntry, appendAudit, type ReasonedAct, type StaffAct } from './audit.ts';
export { type ChainBreak, type ChainReport, verifyAuditChain } from './audit-chain.ts';
export { useAuditChainKey } from './audit-hash.ts';
export { type LastChange, lastChanges } from './audit-last-change.ts';
