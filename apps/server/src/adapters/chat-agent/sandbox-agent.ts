// The sandbox agent: keeps the chat alive out of the box. It greets each new session with buttons
// and quick replies, answers the menu's postbacks (a deposit problem gets a card linking the
// member's latest transactions on /user/statement) and otherwise leaves the talking to a person.
import type { TAgentMessageBody, TChatButton } from '@krapao/contracts/chat';
import { AGENT_POSTBACKS, type ChatAgent, type ChatAgentTurn } from './chat-agent.port.ts';
import { AGENT_TEXTS, type AgentTexts } from './sandbox-agent-texts.ts';

export const STATEMENT_PATH = '/user/statement';
const LOGIN_PATH = '/login';
const HOWTO_PATH = '/howto';
const LINE_LINK = 'https://line.me/R/ti/p/@krapao';
const DEMO_PHONE = '02-123-4567';

/** A small receipt picture, inline so it needs no host (the CSP allows data: images). */
const CARD_IMAGE = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160" viewBox="0 0 320 160">' +
    '<rect width="320" height="160" fill="#13131a"/>' +
    '<rect x="120" y="22" width="80" height="116" rx="8" fill="#c99a2e"/>' +
    '<path d="M136 50h48M136 70h48M136 90h32" stroke="#13131a" stroke-width="8" stroke-linecap="round"/>' +
    '</svg>',
).toString('base64')}`;

function menu(t: AgentTexts): TAgentMessageBody {
  return {
    message_type: 'quick_replies',
    payload: {
      text: t.menuPrompt,
      quick_replies: [
        { title: t.depositProblem, payload: AGENT_POSTBACKS.depositProblem },
        { title: t.withdrawProblem, payload: AGENT_POSTBACKS.withdrawProblem },
        { title: t.talkToStaff, payload: AGENT_POSTBACKS.talkToStaff },
      ],
    },
  };
}

function greeting(t: AgentTexts, turn: ChatAgentTurn): TAgentMessageBody[] {
  const text = turn.customer.kind === 'member' ? t.greetMember(turn.customer.name) : t.greetGuest;
  const buttons: TChatButton[] = [
    { type: 'web', title: t.howTo, payload: HOWTO_PATH },
    { type: 'web', title: t.line, payload: LINE_LINK },
    { type: 'call', title: t.call, payload: DEMO_PHONE },
  ];
  return [{ message_type: 'buttons', payload: { text, buttons } }, menu(t)];
}

function depositCard(t: AgentTexts, turn: ChatAgentTurn): TAgentMessageBody[] {
  const isMember = turn.customer.kind === 'member';
  const staff: TChatButton = { type: 'postback', title: t.talkToStaff, payload: AGENT_POSTBACKS.talkToStaff };
  return [
    { message_type: 'text', payload: { text: t.depositSorry } },
    {
      message_type: 'generic',
      payload: {
        elements: [
          {
            image_url: CARD_IMAGE,
            title: isMember ? t.cardTitle : t.guestCardTitle,
            subtitle: isMember ? t.cardSubtitle : t.guestCardSubtitle,
            buttons: [
              isMember
                ? { type: 'web', title: t.cardButton, payload: STATEMENT_PATH }
                : { type: 'web', title: t.guestCardButton, payload: LOGIN_PATH },
              staff,
            ],
          },
        ],
      },
    },
  ];
}

function withdrawInfo(t: AgentTexts): TAgentMessageBody[] {
  return [
    {
      message_type: 'buttons',
      payload: {
        text: t.withdrawInfo,
        buttons: [
          { type: 'web', title: t.cardButton, payload: STATEMENT_PATH },
          { type: 'postback', title: t.talkToStaff, payload: AGENT_POSTBACKS.talkToStaff },
        ],
      },
    },
  ];
}

/** What the customer asked for: a postback's payload, or words in a text. */
function topicOf(turn: ChatAgentTurn, t: AgentTexts): string | null {
  const { message } = turn;
  if (message.message_type === 'postback') return message.payload.payload;
  if (message.message_type !== 'text') return null;
  const text = message.payload.text;
  if (t.keywords.deposit.test(text)) return AGENT_POSTBACKS.depositProblem;
  if (t.keywords.withdraw.test(text)) return AGENT_POSTBACKS.withdrawProblem;
  if (t.keywords.staff.test(text)) return AGENT_POSTBACKS.talkToStaff;
  return null;
}

export function createSandboxAgent(): ChatAgent {
  return {
    async answer(turn) {
      const t = AGENT_TEXTS[turn.locale];
      const topic = topicOf(turn, t);
      const opening = turn.isNewSession && topic === null ? greeting(t, turn) : [];
      switch (topic) {
        case AGENT_POSTBACKS.depositProblem:
          return depositCard(t, turn);
        case AGENT_POSTBACKS.withdrawProblem:
          return withdrawInfo(t);
        case AGENT_POSTBACKS.talkToStaff:
          return [{ message_type: 'text', payload: { text: t.staffSoon } }];
        case AGENT_POSTBACKS.menu:
          return [menu(t)];
        default:
          if (opening.length > 0) return opening;
          if (turn.message.message_type === 'media')
            return [{ message_type: 'text', payload: { text: t.mediaReceived } }];
          return [];
      }
    },
  };
}
