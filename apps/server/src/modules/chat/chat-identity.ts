// Who is chatting (docs/decisions/010): a member by the session token (any userId the client sends
// is then ignored), a guest by its guest id, the operator by the operator token.
import { CHAT_GUEST_HEADER, GUEST_ID_PATTERN, type TChatIdentity } from '@krapao/contracts/chat';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { bearerToken } from '../../plugins/authenticate.ts';
import type { ChatOwner } from './chat.repository.ts';

/** The id in the room name: the member's user id or the guest id. */
export function ownerId(owner: ChatOwner): string {
  return owner.kind === 'member' ? String(owner.memberId) : owner.guestId;
}

/** A member may name the guest id this browser chatted under, with that guest's proof (chat-guest-proof.ts). */
export type ResolvedOwner = { owner: ChatOwner; formerGuestId: string | null; formerGuestProof: string | null };

/** A member by token, with the guest id they chatted under before signing in; else a guest. */
export async function resolveOwner(
  app: FastifyInstance,
  request: FastifyRequest,
  identity: TChatIdentity,
): Promise<ResolvedOwner> {
  const token = bearerToken(request);
  if (token) {
    const session = await app.sessions.verify(token);
    if (!session) throw new AppError('invalid-token');
    return {
      owner: { kind: 'member', memberId: session.memberId },
      formerGuestId: identity.guestId ?? null,
      formerGuestProof: identity.guestProof ?? null,
    };
  }
  // A user id without a session is someone else's conversation, or an expired sign-in.
  if (identity.userId) throw new AppError('invalid-token');
  if (identity.guestId) {
    return { owner: { kind: 'guest', guestId: identity.guestId }, formerGuestId: null, formerGuestProof: null };
  }
  throw new AppError('KEY_MISSING', { fields: ['guestId'] });
}

/** Multipart and file requests carry no JSON body: a guest names itself in a header. */
export async function resolveHeaderOwner(app: FastifyInstance, request: FastifyRequest): Promise<ChatOwner> {
  const header = request.headers[CHAT_GUEST_HEADER];
  const guestId = typeof header === 'string' ? header : undefined;
  if (guestId !== undefined && !GUEST_ID_PATTERN.test(guestId))
    throw new AppError('KEY_INVALID', { fields: ['guestId'] });
  return (await resolveOwner(app, request, { guestId })).owner;
}

/** The current operator token and, while integrations rotate to it, the previous one. */
export type OperatorTokens = { OPERATOR_TOKEN: string; OPERATOR_TOKEN_PREVIOUS?: string | undefined };

export function isOperatorToken(token: string | null | undefined, tokens: OperatorTokens): boolean {
  if (typeof token !== 'string' || token.length === 0) return false;
  const accepted = [tokens.OPERATOR_TOKEN, tokens.OPERATOR_TOKEN_PREVIOUS].filter((t): t is string => !!t);
  // Every candidate is compared, so the time taken does not tell which one matched.
  return accepted.map((t) => safeEqual(token, t)).some(Boolean);
}

export function isOperator(request: FastifyRequest, tokens: OperatorTokens): boolean {
  return isOperatorToken(bearerToken(request), tokens);
}
