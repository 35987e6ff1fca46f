// What other modules and the composition roots use of account.
export { accountRoutes } from './account.routes.ts';
export { createMemberRepository, type NewMember, uniqueConflict } from './member.repository.ts';
export { type MemberContextRow, memberContextColumns, memberContextOf } from './member-context.ts';
