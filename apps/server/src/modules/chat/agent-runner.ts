// Runs the sandbox agent after a customer's message, a moment later (it "types"), outside the
// request. Pending work is tracked so tests can wait for it and shutdown can cancel it.
import type { Locale } from '@krapao/contracts/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatAgent, ChatAgentTurn } from '../../adapters/chat-agent/chat-agent.port.ts';
import type { Appended, ChatOwner } from './chat.repository.ts';

export type AgentWork = {
  turn: Omit<ChatAgentTurn, 'locale'> & { locale: Locale };
  owner: ChatOwner;
  appended: Appended;
};

export function createAgentRunner(opts: {
  agent: ChatAgent | null;
  delayMs: number;
  log: FastifyBaseLogger;
  /** Stores and publishes one answer as the bot. */
  deliver: (work: AgentWork, body: Awaited<ReturnType<ChatAgent['answer']>>[number]) => Promise<void>;
}) {
  const waiting = new Map<NodeJS.Timeout, () => void>();
  const running = new Set<Promise<void>>();
  let isClosed = false;

  async function run(work: AgentWork) {
    try {
      const answers = await opts.agent!.answer(work.turn);
      for (const body of answers) {
        if (isClosed) return;
        await opts.deliver(work, body);
      }
    } catch (err) {
      opts.log.error({ err }, 'chat agent failed');
    }
  }

  return {
    schedule(work: AgentWork) {
      if (!opts.agent || isClosed) return;
      // A person answers in this session: the sandbox agent keeps quiet.
      if (work.appended.conversation.humanSessionId === work.appended.row.sessionId) return;
      const task = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(timer);
          run(work).finally(resolve);
        }, opts.delayMs);
        waiting.set(timer, resolve);
      });
      running.add(task);
      void task.finally(() => running.delete(task));
    },
    /** Resolves once every scheduled answer has been delivered. */
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    async close() {
      isClosed = true;
      for (const [timer, resolve] of waiting) {
        clearTimeout(timer);
        resolve();
      }
      waiting.clear();
      await Promise.all([...running]);
    },
  };
}
export type AgentRunner = ReturnType<typeof createAgentRunner>;
