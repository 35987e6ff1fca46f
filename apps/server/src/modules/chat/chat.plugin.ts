// The support chat as one plugin: realtime hub, sandbox agent, customer routes, uploads, agent API.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSandboxAgent } from '../../adapters/chat-agent/sandbox-agent.ts';
import type { AppContext } from '../../context.ts';
import { missedMemberLive, setMemberLivePublisher } from '../../lib/member-live.ts';
import { chatRoutes } from './chat.routes.ts';
import { createChatService } from './chat.service.ts';
import { chatAgentRoutes } from './chat-agent.routes.ts';
import { chatOpsRoutes } from './chat-ops.routes.ts';
import { type ChatHub, createChatHub } from './chat-realtime.ts';
import { chatUploadRoutes } from './chat-upload.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    chat: { hub: ChatHub; idle: () => Promise<void> };
  }
}

export const chatPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  const hub = createChatHub({
    server: app.server,
    config: ctx.config,
    log: app.log,
    sessions: app.sessions,
    missedLive: (listener, since) => missedMemberLive(ctx, listener, since),
    async resolve({ token, guestId }) {
      if (token) {
        const session = await app.sessions.verify(token);
        return session ? { owner: String(session.memberId), session: { token, ...session } } : null;
      }
      return guestId ? { owner: guestId } : null;
    },
  });
  const agent = ctx.config.CHAT_AGENT === 'sandbox' ? createSandboxAgent() : null;
  const chat = createChatService(ctx, { hub, agent, log: app.log });
  app.decorate('chat', { hub, idle: () => chat.idle() });
  // The money paths' live events reach members through this hub (lib/member-live.ts).
  setMemberLivePublisher(ctx, (memberId, event) => hub.notifyMember(memberId, event));

  app.addHook('preClose', async () => {
    setMemberLivePublisher(ctx, null);
    await chat.close();
    hub.disconnect();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });

  await app.register(chatRoutes, { ctx, chat });
  await app.register(chatUploadRoutes, { ctx });
  await app.register(chatAgentRoutes, { ctx, chat });
  await app.register(chatOpsRoutes, { ctx, chat });
});
