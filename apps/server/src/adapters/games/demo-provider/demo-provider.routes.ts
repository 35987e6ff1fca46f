// The demo provider's web side, mounted at /demo-provider: the login doors of every launch kind of
// docs/product.md §2.6 (form POST sign-in, UFABET hidden state, SUPERSLOT query redirect, lobby for new-tab games,
// one-time auto-login links) and a small playable slot whose bets change the provider's books.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Currency } from '@krapao/contracts/constants';
import { LAUNCH_FIELDS } from '@krapao/contracts/games';
import { fromMinor, toMinor } from '@krapao/contracts/money';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { typed } from '../../../lib/fastify.ts';
import { DEMO_PROVIDER_ASSETS as ASSETS } from '../../../paths.ts';
import { type DemoPlayer, FORM_STATE_USER_FIELD } from '../sandbox/demo-books.ts';
import type { SandboxGameProvider } from '../sandbox/sandbox-provider.ts';
import { errorPage, gamePage, infoPage, signInPage } from './pages.ts';
import { betSteps, multiplierOf, PAY_RULES, SYMBOLS, spinReels } from './slot-machine.ts';

const asset = (name: string) => readFileSync(path.join(ASSETS, name), 'utf8');
const GAME_JS = asset('game.js');
const DEMO_CSS = asset('demo.css');

/** The provider's pages run their own script and post forms to themselves only. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

export const SESSION_HEADER = 'x-demo-session';

const ZGameParam = z.strictObject({
  game: z
    .string()
    .regex(/^[A-Za-z0-9_]{2,32}$/)
    .transform((g) => g.toUpperCase()),
});
const ZDownloadParams = ZGameParam.extend({ platform: z.enum(['android', 'ios']) });
const ZTokenParam = z.strictObject({ token: z.string().min(16).max(128) });

/** The string fields of a posted form or a query; anything else (absent body, arrays) is dropped. */
function fieldsOf(input: unknown): Record<string, string> {
  if (!input || typeof input !== 'object') return {};
  return Object.fromEntries(
    Object.entries(input).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length <= 4096),
  );
}
const ZSpinBody = z.strictObject({ amount: z.number().positive().max(1e9) });

type Options = { ctx: AppContext; sandbox: SandboxGameProvider };

export async function demoProviderRoutes(fastify: FastifyInstance, { sandbox }: Options) {
  const app = typed(fastify);
  const books = sandbox.books;
  const base = fastify.prefix;

  // Not part of our API: kept out of the OpenAPI document.
  fastify.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // Browsers post forms urlencoded; only the provider's pages accept that.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  fastify.addHook('onSend', async (_req, reply) => {
    reply.header('content-security-policy', CSP);
    reply.header('cache-control', 'no-store');
  });
  fastify.setNotFoundHandler((_req, reply) =>
    html(reply, 404, errorPage(base, 'ไม่พบหน้านี้', 'Page not found at the demo provider.')),
  );

  function html(reply: FastifyReply, status: number, body: string) {
    return reply.code(status).type('text/html; charset=utf-8').send(body);
  }
  const badLogin = (reply: FastifyReply) =>
    html(reply, 401, errorPage(base, 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง', 'Wrong username or password.'));

  /** Signed in: a play session, carried in the URL fragment so it never reaches a server log. */
  async function play(reply: FastifyReply, player: DemoPlayer) {
    const token = await books.openPlaySession(player.id);
    return reply.code(303).header('location', `${base}/play#${token}`).send();
  }

  app.get('/', (_req, reply) =>
    html(
      reply,
      200,
      infoPage(base, 'Demo Provider', 'The sandbox game provider of Krapao. Launch a game from your wallet.'),
    ),
  );
  app.get('/assets/game.js', (_req, reply) => reply.type('text/javascript; charset=utf-8').send(GAME_JS));
  app.get('/assets/demo.css', (_req, reply) => reply.type('text/css; charset=utf-8').send(DEMO_CSS));

  // JOKER / SLOTXO: hidden form POST of username and password to the sign-in.
  app.get('/signin/:game', { schema: { params: ZGameParam } }, (req, reply) =>
    html(reply, 200, signInPage(base, req.params.game, `${base}/signin/${req.params.game}`, 'เข้าสู่ระบบ / Sign in')),
  );
  app.post('/signin/:game', { schema: { params: ZGameParam } }, async (req, reply) => {
    const { username, password } = fieldsOf(req.body);
    const player = username && password ? await books.signIn(req.params.game, username, password) : null;
    return player ? play(reply, player) : badLogin(reply);
  });

  // UFABET: the hidden state fields issued at createPlayer come back with the user fields.
  app.get('/ufabet/login', (_req, reply) =>
    html(reply, 200, infoPage(base, 'UFABET', 'เข้าเล่นผ่านกระเป๋าเงินของคุณ / Sign in from your wallet.')),
  );
  app.post('/ufabet/login', async (req, reply) => {
    const fields = fieldsOf(req.body);
    const username = fields[FORM_STATE_USER_FIELD];
    const password = fields[LAUNCH_FIELDS.ufabetPassword];
    if (!username || !password) return badLogin(reply);
    const player = await books.signIn('UFABET', username, password);
    if (!player) return badLogin(reply);
    if (!books.formStateMatches(player, fields)) {
      return html(reply, 400, errorPage(base, 'ข้อมูลฟอร์มไม่ถูกต้อง', 'The login form state is missing or invalid.'));
    }
    return play(reply, player);
  });

  // SUPERSLOT: a redirect with the credentials in the query string.
  app.get('/superslot/login', async (req, reply) => {
    const { username, password } = fieldsOf(req.query);
    const player = username && password ? await books.signIn('SUPERSLOT', username, password) : null;
    return player ? play(reply, player) : badLogin(reply);
  });

  // SEXYGAME and unlisted codes: the provider's lobby opens in a new tab and the member signs in there.
  app.get('/lobby/:game', { schema: { params: ZGameParam } }, (req, reply) =>
    html(reply, 200, signInPage(base, req.params.game, `${base}/lobby/${req.params.game}`, 'ล็อบบี้ / Lobby')),
  );
  app.post('/lobby/:game', { schema: { params: ZGameParam } }, async (req, reply) => {
    const { username, password } = fieldsOf(req.body);
    const player = username && password ? await books.signIn(req.params.game, username, password) : null;
    return player ? play(reply, player) : badLogin(reply);
  });

  // Auto-login: a one-time link.
  app.get('/launch/:token', { schema: { params: ZTokenParam } }, async (req, reply) => {
    const player = await books.useLaunchToken(req.params.token);
    if (!player) {
      return html(reply, 410, errorPage(base, 'ลิงก์หมดอายุหรือถูกใช้แล้ว', 'This link has expired or was already used.'));
    }
    return play(reply, player);
  });

  // App download links of the seeded games: the sandbox has no real app.
  app.get('/download/:game/:platform', { schema: { params: ZDownloadParams } }, (req, reply) =>
    html(
      reply,
      200,
      infoPage(
        base,
        `${req.params.game} · ${req.params.platform === 'ios' ? 'iOS' : 'Android'}`,
        'แอปทดลองของผู้ให้บริการเกมจำลอง ยังไม่มีให้ดาวน์โหลด / The demo provider has no real app to download.',
      ),
    ),
  );

  app.get('/play', (_req, reply) => html(reply, 200, gamePage(base)));

  // The game page's API: the play session comes in a header.
  async function sessionPlayer(token: unknown) {
    return typeof token === 'string' && token.length >= 16 && token.length <= 128 ? books.playSession(token) : null;
  }

  app.get('/api/session', async (req, reply) => {
    const player = await sessionPlayer(req.headers[SESSION_HEADER]);
    if (!player) return reply.code(401).send({ message: 'SESSION_EXPIRED' });
    const currency = player.currency as Currency;
    return {
      game: player.gameCode,
      username: player.username,
      currency,
      balance: fromMinor(player.balance, currency),
      bets: betSteps(currency),
      symbols: SYMBOLS.map((s) => ({ id: s.id, face: s.face })),
      pays: PAY_RULES,
    };
  });

  app.post('/api/spin', { schema: { body: ZSpinBody } }, async (req, reply) => {
    const player = await sessionPlayer(req.headers[SESSION_HEADER]);
    if (!player) return reply.code(401).send({ message: 'SESSION_EXPIRED' });
    const currency = player.currency as Currency;
    const steps = betSteps(currency);
    if (!steps.includes(req.body.amount)) return reply.code(400).send({ message: 'KEY_INVALID' });
    const stake = toMinor(req.body.amount, currency);
    const reels = spinReels();
    const multiplier = multiplierOf(reels);
    const settled = await books.settleBet(player.id, stake, stake * BigInt(multiplier), reels.join(','));
    if (!settled) return reply.code(400).send({ message: 'MONEY_NOT_ENOUGH' });
    return {
      reels,
      multiplier,
      amount: req.body.amount,
      payout: fromMinor(stake * BigInt(multiplier), currency),
      balance: fromMinor(settled.balance, currency),
    };
  });
}
