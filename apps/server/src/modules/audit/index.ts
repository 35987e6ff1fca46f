// What other modules and the composition root use of the audit trail.

export { auditRoutes } from './audit.routes.ts';
export { type AuditActor, type AuditEntry, appendAudit } from './audit.ts';
export { type ChainBreak, type ChainReport, verifyAuditChain } from './audit-chain.ts';
