// Runs the sandbox agent after a customer's message, a moment later (it "types"), outside the
// request. Pending work is tracked so tests can wait for it and shutdown can cancel it; a person's
// answer cancels the conversation's waiting work on this instance (`cancel`), and `deliver` itself
// refuses an answer a person already gave on any instance.
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
  /** Stores and publishes one answer as the bot; false when a person answered first (nothing stored). */
  deliver: (work: AgentWork, body: Awaited<ReturnType<ChatAgent['answer']>>[number]) => Promise<boolean>;
}) {
  const waiting = new Map<NodeJS.Timeout, { key: string; resolve: () => void }>();
  const running = new Set<Promise<void>>();
  let isClosed = false;

  async function run(work: AgentWork) {
    try {
      const answers = await opts.agent!.answer(work.turn);
      for (const body of answers) {
        if (isClosed) return;
        if (!(await opts.deliver(work, body))) return;
      }
    } catch (err) {
      opts.log.error({ err }, 'chat agent failed');
    }
  }

  return {
    /** `key` names the conversation (its owner id) for `cancel`. */
    schedule(work: AgentWork, key: string) {
      if (!opts.agent || isClosed) return;
      // A person answers in this session: the sandbox agent keeps quiet.
      if (work.appended.conversation.humanSessionId === work.appended.row.sessionId) return;
      const task = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(timer);
          run(work).finally(resolve);
        }, opts.delayMs);
        waiting.set(timer, { key, resolve });
      });
      running.add(task);
      void task.finally(() => running.delete(task));
    },
    /** A person answered the conversation `key`: its answers not yet started are dropped. */
    cancel(key: string) {
      for (const [timer, work] of waiting) {
        if (work.key !== key) continue;
        clearTimeout(timer);
        waiting.delete(timer);
        work.resolve();
      }
    },
    /** Resolves once every scheduled answer has been delivered. */
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    async close() {
      isClosed = true;
      for (const [timer, work] of waiting) {
        clearTimeout(timer);
        work.resolve();
      }
      waiting.clear();
      await Promise.all([...running]);
    },
  };
}
export type AgentRunner = ReturnType<typeof createAgentRunner>;
