// The chat's settings: socket rooms, the sandbox agent, and the limits on what members and guests
// send and store. Spread into the one configuration schema in config.ts.
import { z } from 'zod';
import { int } from './config-fields.ts';

export const CHAT_FIELDS = {
  CHAT_PREFIX: z
    .string()
    .regex(/^[\w-]{1,40}$/)
    .default('krapao-chat')
    .describe('Prefix of the chat socket rooms (`GET /api/chat/config`).'),
  CHAT_AGENT: z
    .enum(['sandbox', 'off'])
    .default('sandbox')
    .describe('The sandbox agent answering in the chat; `off`: none, people answer through the agent API.'),
  CHAT_AGENT_DELAY_MS: int(700).describe("The sandbox agent's typing delay."),
  CHAT_SEND_MAX_PER_MINUTE: int(30).describe('Chat messages per member or guest per minute.'),
  CHAT_UPLOAD_MAX_PER_HOUR: int(30).describe('Chat uploads per member or guest per hour.'),
  CHAT_SEND_IP_MAX_PER_MINUTE: int(60).describe(
    'Guest messages per source address per minute (guests pick their own ids; members are not limited per address: carrier NAT).',
  ),
  CHAT_UPLOAD_IP_MAX_PER_HOUR: int(60).describe('Guest uploads per source address per hour.'),
  CHAT_UPLOAD_IP_MAX_MB_PER_DAY: int(100).describe(
    'Megabytes of guest uploads one source address may store in 24 h; `0` = no cap.',
  ),
  CHAT_UPLOAD_UNUSED_MS: int(3_600_000).describe('An upload no message uses is deleted this long after it arrived.'),
  CHAT_UPLOAD_CLEANUP_INTERVAL_MS: int(300_000).describe('How often that cleanup runs; `0` = off.'),
  LIVE_EVENTS_PRUNE_INTERVAL_MS: int(300_000).describe(
    "How often members' live money events older than the 15 minutes a reconnecting socket is sent are deleted; `0` = off.",
  ),
  CHAT_SOCKET_RECHECK_MS: int(5_000).describe(
    "How often every member socket's session is verified again (revocations also drop sockets at once); `0` = off.",
  ),
};
