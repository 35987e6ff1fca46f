// Someone to answer in the support chat (docs/product.md §5): the sandbox agent that runs inside the server, or
// a real bot platform later. It reads one customer message and returns what support says back.
import type { TAgentMessageBody, TChatMessageBody } from '@krapao/contracts/chat';
import type { Locale } from '@krapao/contracts/constants';

export type ChatAgentTurn = {
  /** What the customer just sent. */
  message: TChatMessageBody;
  /** The first message of a conversation session: time to greet. */
  isNewSession: boolean;
  locale: Locale;
  customer: { kind: 'member'; name: string } | { kind: 'guest' };
};

export type ChatAgent = {
  answer(turn: ChatAgentTurn): Promise<TAgentMessageBody[]>;
};

/** Postback payloads the sandbox agent understands; quick replies and buttons send them. */
export const AGENT_POSTBACKS = {
  menu: 'MENU',
  depositProblem: 'DEPOSIT_PROBLEM',
  withdrawProblem: 'WITHDRAW_PROBLEM',
  talkToStaff: 'TALK_TO_STAFF',
} as const;
