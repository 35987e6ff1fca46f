// Members as a player makes them: registered and signed in through the API, money put in by a QR
// deposit paid at the sandbox gateway (the signed webhook credits it), games opened by activation.
import { type Client, multipart, type Res } from './http.ts';

export const PASSWORD = 'battery-secret-1';
/** The house's KBANK account that takes slips (seeded deposit lookup). */
export const HOUSE_SLIP_ACCOUNT = '0591234567';

export type Member = {
  id: number;
  username: string;
  password: string;
  token: string;
  bankCode: string;
  bankAccountNo: string;
};

let seq = Math.floor(Math.random() * 40_000_000);

function expect(res: Res, what: string): Res {
  if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${res.error ?? res.text.slice(0, 300)}`);
  return res;
}

export async function register(api: Client, opts: { ip?: string; inviteCode?: string } = {}): Promise<Member> {
  seq += 1;
  const username = `08${String(seq).padStart(8, '0')}`;
  const bankAccountNo = `7${String(seq).padStart(9, '0')}`;
  const body = {
    name: `Battery ${seq}`,
    username,
    password: PASSWORD,
    bankCode: 'KBANK',
    bankAccountName: 'BATTERY MEMBER',
    bankAccountNo,
    ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}),
  };
  const reg = expect(await api.post('/api/account', body, { ip: opts.ip }), 'register');
  const token = await login(api, username, PASSWORD, opts.ip);
  return { id: Number(reg.body._id), username, password: PASSWORD, token, bankCode: 'KBANK', bankAccountNo };
}

export async function login(api: Client, username: string, password: string, ip?: string): Promise<string> {
  const res = expect(await api.post('/api/login', { username, password }, { ip }), 'login');
  return res.body.token as string;
}

/** A QR deposit of `baht`, paid: the wallet is credited through the gateway's signed webhook. */
export async function fund(api: Client, m: Member, baht: number): Promise<void> {
  const qr = expect(await api.post('/api/qrcode/KBANK', { amount: baht }, { token: m.token }), 'create QR');
  if (!qr.body.qrcodeId) throw new Error(`create QR: ${qr.text}`);
  expect(await api.post(`/dev/gateway/pay/${qr.body.qrcodeId}`), 'pay QR');
}

export async function activate(api: Client, m: Member, game: string): Promise<{ username: string; password: string }> {
  const res = expect(await api.get(`/api/wallet/activate/${game}`, { token: m.token }), `activate ${game}`);
  return { username: res.body.username, password: res.body.password };
}

export type Balances = { wallet: number; games: Record<string, number> };

export async function balances(api: Client, m: Member): Promise<Balances> {
  const res = expect(await api.get('/api/wallet', { token: m.token }), 'wallet');
  const games: Record<string, number> = {};
  for (const slot of res.body.slots as { code: string; amount: number }[]) games[slot.code] = slot.amount;
  return { wallet: res.body.wallet.amount, games };
}

/** Several members at once (each registration hashes a password: a few in parallel, not all). */
export async function registerMany(api: Client, count: number, parallel = 4): Promise<Member[]> {
  const out: Member[] = [];
  for (let i = 0; i < count; i += parallel) {
    const batch = Math.min(parallel, count - i);
    out.push(...(await Promise.all(Array.from({ length: batch }, () => register(api)))));
  }
  return out;
}

/**
 * A transfer of `baht` from the member's own bank account to the house's slip account, recorded by the
 * sandbox bank, and `upload` sending its slip PNG (the same bytes each time) as the member.
 */
export async function ownSlip(api: Client, m: Member, baht: number) {
  const transfer = await api.post('/dev/bank/transfer', {
    fromBankCode: m.bankCode,
    fromAccountNo: m.bankAccountNo,
    toAccountNo: HOUSE_SLIP_ACCOUNT,
    amount: baht,
  });
  if (transfer.status !== 200) throw new Error(`bank transfer: ${transfer.text}`);
  const form = multipart({ filename: 'slip.png', type: 'image/png', data: transfer.raw });
  return {
    upload: () =>
      api.call('POST', '/api/wallet/slip', { token: m.token, body: form.body, contentType: form.contentType }),
  };
}
