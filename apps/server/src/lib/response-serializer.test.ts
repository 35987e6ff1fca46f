import { ZRefreshSlotResponse, ZWalletResponse } from '@krapao/contracts/wallet';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasFastPath, serializerCompiler } from './response-serializer.ts';

type Serialize = (data: unknown) => string;
const compile = (make: typeof serializerCompiler, schema: unknown): Serialize =>
  make({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as Serialize;

/** What zod's serializer does with `data`: its string, or its error's name and message. */
function outcome(serialize: Serialize, data: unknown) {
  try {
    return { json: serialize(data) };
  } catch (err) {
    return { error: `${(err as Error).name}: ${(err as Error).message}` };
  }
}

/** Ours against fastify-type-provider-zod's on the same value: the same string, or the same error. */
function expectSameAsZod(schema: unknown, data: unknown) {
  const zod = compile(zodSerializerCompiler, schema);
  const ours = compile(serializerCompiler, schema);
  const expected = outcome(zod, data);
  expect(outcome(ours, data)).toEqual(expected);
  // Twice: nothing kept from the first write may change the second.
  expect(outcome(ours, data)).toEqual(expected);
}

const slot = (code: string, extra: object = {}) => ({
  code,
  name: `${code} ทดสอบ`,
  category: 'slot' as const,
  logo: `/games/${code}.svg`,
  background: `/games/${code}-bg.svg`,
  amount: 0,
  isActive: false,
  ftWalletSlot: 1.5,
  web: 'http://localhost/x?a="b"\n',
  android: null,
  ios: null,
  ...extra,
});

const wallet = (slots: unknown[]) => ({
  profile: { name: 'สมชาย', username: '0812345678', _id: '12', coin: 3 },
  bankAccount: {
    bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
    bankCode: 'SCB',
    bankAccountName: 'SOMCHAI',
    bankAccountNo: '1234567890',
  },
  wallet: { amount: 1234.56 },
  invite: { amount: 0, success: 5, fail: 10 },
  slots,
});

describe('response serializer', () => {
  it('writes the wallet answer as zod does, idle slots frozen or not, and refuses what zod refuses', () => {
    const idle = Object.freeze(slot('PG'));
    const answers = [
      wallet([slot('JOKER', { amount: 10.5, isActive: true }), idle, slot('SLOTXO', { maintenanceMessage: 'ปิด' })]),
      wallet([idle, Object.freeze(slot('OFF', { isOff: true })), idle]),
      { ...wallet([]), bankAccount: null },
      // Out of the schema's key order, an extra key, a missing one, a wrong value: zod's own answer.
      { ...wallet([idle]), profile: { username: 'u', name: 'n', coin: 1, _id: '1' } },
      { ...wallet([idle]), extra: 1 },
      wallet([idle, { ...slot('X'), secret: 'not on the wire' }]),
      wallet([idle, { ...slot('X'), amount: Number.NaN }]),
      wallet([idle, { ...slot('X'), isOff: false }]),
      { ...wallet([idle]), invite: undefined },
      wallet([idle, null]),
    ];
    for (const answer of answers) expectSameAsZod(ZWalletResponse, answer);
  });

  it('writes the wallet and refresh answers without zod, and leaves schemas with checks or transforms to zod', () => {
    expect([ZWalletResponse, ZRefreshSlotResponse].map(hasFastPath)).toEqual([true, true]);
    const left = [z.object({ n: z.number().int() }), z.object({ d: z.date() }), z.strictObject({}), z.email()];
    expect(left.map(hasFastPath)).toEqual([false, false, false, false]);
  });

  it('writes a frozen slot once, but never a slot that can still change', () => {
    const serialize = compile(serializerCompiler, ZWalletResponse);
    const open = slot('JOKER');
    const changing = { value: 1 };
    const withGetter = Object.freeze(
      Object.defineProperty(slot('PG'), 'amount', { enumerable: true, get: () => changing.value }),
    );
    const first = JSON.parse(serialize(wallet([open, withGetter])));
    open.amount = 99;
    changing.value = 2;
    const second = JSON.parse(serialize(wallet([open, withGetter])));
    expect([first.slots[0].amount, first.slots[1].amount]).toEqual([0, 1]);
    expect([second.slots[0].amount, second.slots[1].amount]).toEqual([99, 2]);
  });

  it('answers as zod does for every kind of schema it compiles and every kind it leaves to zod', () => {
    const plain = z.object({
      s: z.string(),
      n: z.number(),
      b: z.boolean(),
      nul: z.null(),
      e: z.enum(['a', 'b']),
      l: z.literal(7),
      o: z.string().optional(),
      ns: z.string().nullable(),
      nested: z.object({ list: z.array(z.number().nullable()) }),
    });
    const good = { s: 'x', n: -0, b: true, nul: null, e: 'b', l: 7, o: 'y', ns: null, nested: { list: [1, null] } };
    const cases: [unknown, unknown][] = [
      [plain, good],
      [plain, { ...good, o: undefined }],
      [plain, { s: 'x', n: 1, b: false, nul: null, e: 'a', l: 7, ns: 'z', nested: { list: [] } }],
      [plain, { ...good, n: Number.POSITIVE_INFINITY }],
      [plain, { ...good, n: 10n }],
      [plain, { ...good, s: new String('x') }],
      [plain, { ...good, e: 'c' }],
      [plain, { ...good, nested: { list: Object.assign(new Array(3), { 0: 1, 2: 2 }) } }],
      [plain, { ...good, nested: { list: [1], more: true } }],
      [plain, { ...good, nested: new Date(0) }],
      [plain, { ...good, nested: { list: [1], toJSON: () => 'x' } }],
      [plain, { ...good, nested: Object.defineProperty({ list: [1] }, 'toJSON', { value: () => 'x' }) }],
      [plain, Object.assign(Object.create({ s: 'inherited' }), { ...good, s: undefined })],
      [plain, Object.defineProperty({ ...good, o: undefined }, 'o', { value: 'hidden', enumerable: false })],
      [plain, Object.assign(Object.create(null), good)],
      [z.object({ a: z.string(), b: z.string() }), Object.assign(Object.create({ b: 'inherited' }), { a: 'own' })],
      [plain, null],
      [z.array(plain), [good, good]],
      [z.array(z.string()), Object.assign(['a'], { toJSON: () => ['b'] })],
      [z.object({ 1: z.string(), a: z.string() }), { a: 'x', 1: 'y' }],
      [z.object({ email: z.email(), n: z.number().int() }), { email: 'a@b.co', n: 1.5 }],
      [z.object({ d: z.date() }), { d: new Date(0) }],
      [z.object({ t: z.string().transform((s) => s.length) }), { t: 'abc' }],
      [z.object({ u: z.union([z.string(), z.number()]) }), { u: 3 }],
      [z.strictObject({ a: z.string() }), { a: 'x', b: 'y' }],
      [z.looseObject({ a: z.string() }), { a: 'x', b: 'y' }],
      [z.object({ a: z.string().default('d') }), {}],
      [z.object({ a: z.array(z.string()).min(2) }), { a: ['x'] }],
      [z.record(z.string(), z.number()), { a: 1 }],
      [z.object({ a: z.string() }).refine((v) => v.a !== 'no'), { a: 'no' }],
      [z.string().optional(), undefined],
    ];
    for (const [schema, data] of cases) expectSameAsZod(schema, data);
  });

  it('takes the schema as fastify-type-provider-zod does, wrapped in `properties` too', () => {
    const schema = z.object({ a: z.string() });
    expectSameAsZod({ properties: schema }, { a: 'x', b: 1 });
    expect(() => compile(serializerCompiler, { type: 'object' })).toThrow();
  });
});
