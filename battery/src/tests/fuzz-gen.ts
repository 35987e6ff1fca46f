// Values for the fuzzer, from the JSON schemas the server publishes (its OpenAPI document is made
// from the contracts' zod schemas): a value of the right shape, then the edges — wrong types, huge
// and negative and fractional numbers, strings that look like numbers, deep nesting.

// biome-ignore lint/suspicious/noExplicitAny: JSON schema nodes are walked generically
export type Schema = Record<string, any>;

export type Rng = () => number;
export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

/**
 * Numbers no money call may accept from a member holding 50 baht: -0, zero, negatives, more than
 * two decimals, below every minimum, beyond every maximum, past 2^53. (Never a valid amount: the
 * fuzz must leave the ledger as it found it.)
 */
export const EDGE_NUMBERS: readonly number[] = [
  -0,
  0,
  -1,
  -100,
  -0.01,
  0.001,
  0.005,
  1.005,
  0.5,
  0.99,
  99.999,
  1e-7,
  5e-324,
  1e12,
  1e12 + 0.01,
  1e13,
  1e15,
  2 ** 53 + 1,
  -(2 ** 53) - 1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
];

/** Number-like text spliced raw into a JSON body (JSON.stringify cannot write them). */
export const RAW_NUMBER_TOKENS = ['1e999', '-1e999', '9007199254740993', '-0.0', '1E3', '0e0', '1.0000000000000001'];

export const EDGE_STRINGS: readonly string[] = [
  '',
  ' ',
  '1e3',
  '100',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  '１００',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '\u202e',
  '😀'.repeat(40),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '"; drop table members; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}',
  '{{7*7}}',
  'a'.repeat(5000),
  'ก'.repeat(300),
  '\ud800',
  // Real codes: the calls get past their lookups (no game is open: no transfer can succeed).
  'WALLET',
  'KBANK',
  'SCB',
];

const WRONG: readonly unknown[] = [null, true, false, [], {}, [1, 2], { a: 1 }, '', 'x', 0, -1, 1.5, 'null'];

function resolveSchema(schema: Schema): Schema {
  if (schema.anyOf) return resolveSchema({ ...schema, ...(pickFirst(schema.anyOf) as Schema), anyOf: undefined });
  if (schema.oneOf) return resolveSchema({ ...schema, ...(pickFirst(schema.oneOf) as Schema), oneOf: undefined });
  if (schema.allOf) return Object.assign({}, ...schema.allOf);
  return schema;
}
let choice = 0;
const pickFirst = <T>(xs: T[]): T => xs[choice++ % xs.length]!;

function validString(rng: Rng, s: Schema): string {
  if (s.enum) return pick(rng, s.enum as string[]);
  if (s.const !== undefined) return String(s.const);
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 24, 24);
  if (s.pattern === '^\\d{9,15}$' || /\\d/.test(s.pattern ?? '')) return String(int(rng, 1e9, 9e9));
  const len = Math.max(min, int(rng, min, Math.max(min, max)));
  let out = '';
  for (let i = 0; i < len; i++) out += 'abcdefghijklmnopqrstuvwxyz0123456789'[int(rng, 0, 35)];
  return out;
}

/** A value of the schema's shape (not always valid: patterns are only guessed). */
export function validValue(rng: Rng, schema: Schema, depth = 0): unknown {
  const s = resolveSchema(schema);
  if (s.nullable && rng() < 0.1) return null;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(s.required ?? []);
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
        if (required.has(k) || rng() < 0.5) out[k] = validValue(rng, v, depth + 1);
      }
      return out;
    }
    case 'array': {
      const n = Math.min(s.maxItems ?? 3, int(rng, s.minItems ?? 0, (s.minItems ?? 0) + 2));
      return Array.from({ length: n }, () => validValue(rng, s.items ?? {}, depth + 1));
    }
    case 'integer':
      return int(rng, Math.max(s.minimum ?? 0, -5), Math.min(s.maximum ?? 50, 50));
    case 'number':
      // Money fields: only the edges (see EDGE_NUMBERS).
      return pick(rng, EDGE_NUMBERS);
    case 'boolean':
      return rng() < 0.5;
    case 'string':
      return validString(rng, s);
    default:
      return s.enum ? pick(rng, s.enum) : validString(rng, {});
  }
}

/** Replaces one leaf (or the whole value) with an edge or a value of another type. */
export function mutate(rng: Rng, value: unknown, schema: Schema): unknown {
  const s = resolveSchema(schema);
  if (value && typeof value === 'object' && !Array.isArray(value) && rng() < 0.8) {
    const obj = { ...(value as Record<string, unknown>) };
    const keys = Object.keys((s.properties ?? {}) as object);
    const roll = rng();
    if (roll < 0.1 && keys.length) delete obj[pick(rng, keys)];
    else if (roll < 0.2) obj[pick(rng, ['extra', '__proto__', 'constructor', 'memberId', 'userId', 'amount'])] = 1;
    else if (keys.length) {
      const k = pick(rng, keys);
      obj[k] = mutate(rng, obj[k], (s.properties as Record<string, Schema>)[k] ?? {});
    }
    return obj;
  }
  const roll = rng();
  if (roll < 0.35) return pick(rng, EDGE_NUMBERS);
  if (roll < 0.7) return pick(rng, EDGE_STRINGS);
  if (roll < 0.8) return deep(int(rng, 50, 3000));
  return pick(rng, WRONG);
}

/** [[[…]]] or {"a":{"a":…}} nested `depth` times. */
export function deep(depth: number, kind: 'array' | 'object' = 'array'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

/** Deep JSON as text, deeper than JSON.stringify of a built value would allow cheaply. */
export function deepText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export function seeded(seed: number): Rng {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4_294_967_296;
  };
}
