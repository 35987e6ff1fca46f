// One fuzzed request for an endpoint of the OpenAPI document: its path and query, its headers, and
// a body that is the schema's shape with an edge in it, a wrong type, broken or deep or oversized
// JSON, the wrong content type — or, for uploads, a broken multipart body.
import type { CallOptions } from '../http.ts';
import {
  deep,
  deepText,
  EDGE_STRINGS,
  mutate,
  pick,
  RAW_NUMBER_TOKENS,
  type Rng,
  type Schema,
  validValue,
} from './fuzz-gen.ts';

export type Endpoint = {
  method: string;
  path: string;
  params: { name: string; in: string; schema: Schema }[];
  body: Schema | null;
  multipart: boolean;
  operatorOnly: boolean;
};
export type Tokens = { member: string; operator: string };
export type FuzzRequest = { method: string; url: string; opts: CallOptions; label: string };

const MULTIPART_PATHS = new Set(['/api/wallet/slip', '/api/chat/upload-image', '/api/chat/upload-video']);

/** The operations of the server's OpenAPI document under /api (the dev routes do not ship). */
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked generically
export function endpointsOf(doc: any): Endpoint[] {
  const out: Endpoint[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      out.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []) as Endpoint['params'],
        body,
        multipart: MULTIPART_PATHS.has(path),
        operatorOnly: path.startsWith('/api/chat/agent/'),
      });
    }
  }
  return out;
}

/** Percent-encoding that also takes lone surrogates (sent as the raw UTF-8 of one: invalid). */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function pathOf(rng: Rng, e: Endpoint): string {
  return e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = e.params.find((p) => p.in === 'path' && p.name === name);
    const roll = rng();
    if (roll < 0.4) return enc(String(validValue(rng, param?.schema ?? { type: 'string' })));
    if (roll < 0.8) return enc(pick(rng, EDGE_STRINGS));
    return pick(rng, ['..', '%2e%2e', 'a%2Fb', '%', '%zz', '%00', 'x'.repeat(3000), '%E0%A4%A', '1e3', '-0', '0']);
  });
}

function queryOf(rng: Rng, e: Endpoint): string {
  const parts: string[] = [];
  for (const p of e.params.filter((q) => q.in === 'query')) {
    if (rng() < 0.6) parts.push(`${p.name}=${enc(String(validValue(rng, p.schema)))}`);
    else if (rng() < 0.5) parts.push(`${p.name}=${enc(pick(rng, EDGE_STRINGS))}`);
  }
  if (rng() < 0.15) parts.push(pick(rng, ['__proto__[x]=1', 'a=1&a=2', 'amount=1e999', 'x', '=', '&&', 'page[]=1']));
  return parts.length ? `?${parts.join('&')}` : '';
}

function authOf(rng: Rng, e: Endpoint, t: Tokens): Record<string, string> {
  const roll = rng();
  const main = e.operatorOnly ? t.operator : t.member;
  if (roll < 0.75) return { authorization: `Bearer ${main}` };
  if (roll < 0.83) return {};
  if (roll < 0.88) return { authorization: `Bearer ${e.operatorOnly ? t.member : t.operator}` };
  return {
    authorization: pick(rng, [
      'Bearer ',
      'Bearer x',
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      `Bearer ${'A'.repeat(5000)}`,
      `bearer  ${t.member} extra`,
      'Bearer null',
      'Bearer undefined',
    ]),
  };
}

/** The schema's JSON text with one value replaced by a raw token JSON.stringify cannot produce. */
function withRawToken(rng: Rng, json: string): string {
  const token = pick(rng, [...RAW_NUMBER_TOKENS, 'NaN', 'Infinity', 'undefined', "'x'", '0x10', '01']);
  const replaced = json.replace(/:("[^"]*"|-?[\d.eE+-]+|true|false|null)/, `:${token}`);
  return replaced === json ? `{"amount":${token}}` : replaced;
}

function jsonBody(rng: Rng, e: Endpoint): { body: string; contentType: string } {
  const schema = e.body ?? { type: 'object', properties: {} };
  const valid = validValue(rng, schema);
  const roll = rng();
  const json = (v: unknown) => ({ body: JSON.stringify(v) ?? 'null', contentType: 'application/json' });
  if (roll < 0.15) return json(valid);
  if (roll < 0.55) return json(mutate(rng, valid, schema));
  if (roll < 0.62) return { body: withRawToken(rng, JSON.stringify(valid) ?? '{}'), contentType: 'application/json' };
  if (roll < 0.66) return { body: deepText(pick(rng, [1000, 10_000, 100_000])), contentType: 'application/json' };
  if (roll < 0.7) return json(deep(pick(rng, [100, 2000]), rng() < 0.5 ? 'array' : 'object'));
  if (roll < 0.71) return { body: `{"a":"${'x'.repeat(1_200_000)}"}`, contentType: 'application/json' };
  if (roll < 0.8) {
    return {
      body: pick(rng, [
        '',
        '{',
        '{"a":1,"a":-1}',
        'null',
        '[]',
        '"x"',
        '1',
        '\ufeff{}',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
      ]),
      contentType: 'application/json',
    };
  }
  const other = pick(rng, [
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
    'application/json; charset=utf-16',
    'application/json;;',
    'multipart/form-data',
    'application/octet-stream',
  ]);
  return { body: pick(rng, [JSON.stringify(valid) ?? '', 'a=1&b=2', '<x/>', '\u0000\u0001']), contentType: other };
}

export function buildRequest(rng: Rng, e: Endpoint, tokens: Tokens, files: FuzzFiles): FuzzRequest {
  const headers = authOf(rng, e, tokens);
  if (rng() < 0.3) {
    headers['idempotency-key'] = pick(rng, [
      `fz-${Math.floor(rng() * 1e12)}`,
      '',
      'short',
      'x'.repeat(200),
      'key with spaces',
      '../../k',
      'k'.repeat(8),
    ]);
  }
  const url = `${pathOf(rng, e)}${queryOf(rng, e)}`;
  const opts: CallOptions = { headers, timeoutMs: 30_000 };
  if (e.multipart) {
    const m = files.multipart(rng);
    opts.body = m.body;
    opts.contentType = m.contentType;
    return { method: e.method, url, opts, label: m.label };
  }
  if (e.body || rng() < 0.1) {
    const b = jsonBody(rng, e);
    opts.body = b.body;
    opts.contentType = b.contentType;
  }
  return { method: e.method, url, opts, label: typeof opts.body === 'string' ? opts.body.slice(0, 120) : '' };
}

export type FuzzFiles = { multipart: (rng: Rng) => { body: Buffer; contentType: string; label: string } };
