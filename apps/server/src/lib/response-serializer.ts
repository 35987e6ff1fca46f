// The serializer of every route's response schema: the same JSON, byte for byte, as
// fastify-type-provider-zod's (zod's encode, then JSON.stringify), without zod's copy of the answer
// when the answer already has the schema's exact shape. A route answer is built from typed data, so
// it nearly always has; anything else (a wrong value, an extra key, a schema with checks, transforms
// or unions) goes through zod's serializer, which writes it or refuses it as before.
//
// zod's encode allocates a new object and a result per field: on GET /api/wallet (about 130 fields)
// it cost more than JSON.stringify itself. Arrays of flat objects also write a frozen element once:
// the wallet's slots of games a member has no account in are such objects, shared by every answer.
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

/** What a schema node needs to write a value as zod's serializer would. */
type Plan = {
  /**
   * True when zod's encode would succeed on `value` and give back the same keys in the same order
   * with the same values: then JSON.stringify(value) is zod's serializer's output.
   */
  check: (value: unknown) => boolean;
  /** Writes a checked value; absent: JSON.stringify. */
  write?: (value: unknown) => string | undefined;
  /**
   * leaf: a primitive (or null / absent). flat: an object of leaves, whose JSON never changes once
   * it is frozen without accessors.
   */
  form?: 'leaf' | 'flat';
};

type AnySchema = {
  _zod: {
    def: Record<string, unknown> & { type: string; checks?: unknown[] };
    traits: Set<string>;
    check?: unknown;
    values?: Set<unknown>;
    optin?: string;
    optout?: string;
  };
};

/**
 * A node zod runs as it is: its core traits are exactly `$ZodType` and the kind's own (not a format,
 * an exact-optional or any subclass), with no checks, refinements or coercion.
 */
function isPlain(schema: AnySchema, ...kinds: string[]): boolean {
  const z = schema._zod;
  let core = 0;
  for (const trait of z.traits) if (trait.startsWith('$')) core += 1;
  const traitsMatch = core === kinds.length + 1 && kinds.every((kind) => z.traits.has(kind));
  return traitsMatch && z.check === undefined && !z.def.checks?.length && !z.def.coerce;
}

/** A wrapper (nullable, optional) of a leaf is a leaf; of anything else, not. */
const leafOr = (inner: Plan) => (inner.form === 'leaf' ? ('leaf' as const) : undefined);

const isJsonPrimitive = (v: unknown) =>
  typeof v === 'string' || typeof v === 'boolean' || v === null || (typeof v === 'number' && Number.isFinite(v));

function planOf(schema: AnySchema): Plan | null {
  const { def } = schema._zod;
  switch (def.type) {
    case 'string':
      return isPlain(schema, '$ZodString') ? { check: (v) => typeof v === 'string', form: 'leaf' } : null;
    case 'number':
      // zod refuses NaN and ±Infinity; JSON.stringify would write them as null.
      return isPlain(schema, '$ZodNumber')
        ? { check: (v) => typeof v === 'number' && Number.isFinite(v), form: 'leaf' }
        : null;
    case 'boolean':
      return isPlain(schema, '$ZodBoolean') ? { check: (v) => typeof v === 'boolean', form: 'leaf' } : null;
    case 'null':
      return isPlain(schema, '$ZodNull') ? { check: (v) => v === null, form: 'leaf' } : null;
    case 'enum':
    case 'literal': {
      const values = schema._zod.values;
      const kind = def.type === 'enum' ? '$ZodEnum' : '$ZodLiteral';
      if (!isPlain(schema, kind) || !values || ![...values].every(isJsonPrimitive)) return null;
      return { check: (v) => values.has(v), form: 'leaf' };
    }
    case 'nullable': {
      const inner = isPlain(schema, '$ZodNullable') ? planOf(def.innerType as AnySchema) : null;
      return inner && !inner.write ? { check: (v) => v === null || inner.check(v), form: leafOr(inner) } : null;
    }
    case 'optional': {
      const inner = isPlain(schema, '$ZodOptional') ? planOf(def.innerType as AnySchema) : null;
      return inner && !inner.write ? { check: (v) => v === undefined || inner.check(v), form: leafOr(inner) } : null;
    }
    case 'array':
      return isPlain(schema, '$ZodArray') ? arrayPlan(def.element as AnySchema) : null;
    case 'object':
      return isPlain(schema, '$ZodObject', '$ZodObjectJIT') && def.catchall === undefined
        ? objectPlan(def.shape as Record<string, AnySchema>)
        : null;
    default:
      return null;
  }
}

function objectPlan(shape: Record<string, AnySchema>): Plan | null {
  if (Object.getOwnPropertySymbols(shape).length > 0) return null;
  const keys = Object.keys(shape);
  // zod never copies a `__proto__` key.
  if (keys.includes('__proto__')) return null;
  const fields: Plan[] = [];
  for (const key of keys) {
    const plan = planOf(shape[key]!);
    if (!plan) return null;
    fields.push(plan);
  }
  // A key zod leaves out when it is absent (an optional field).
  const mayBeAbsent = keys.map((k) => shape[k]!._zod.optin === 'optional' && shape[k]!._zod.optout === 'optional');
  const n = keys.length;
  const check = (v: unknown): boolean => {
    if (typeof v !== 'object' || v === null) return false;
    // A plain object: no inherited keys (zod reads them, JSON.stringify does not), and no toJSON
    // (JSON.stringify would write what that answers).
    const proto = Object.getPrototypeOf(v);
    if ((proto !== Object.prototype && proto !== null) || (v as { toJSON?: unknown }).toJSON !== undefined)
      return false;
    const o = v as Record<string, unknown>;
    // zod copies the schema's keys in the schema's order: the value's enumerable keys must be those,
    // in that order, for JSON.stringify to write the same.
    let i = 0;
    for (const key in o) {
      // Schema keys the value lacks: zod leaves them out only when optional.
      while (i < n && keys[i] !== key) {
        if (!mayBeAbsent[i] || o[keys[i]!] !== undefined) return false;
        i += 1;
      }
      // A key the schema has not (zod would drop it), or one out of the schema's order.
      if (i === n || !fields[i]!.check(o[key])) return false;
      i += 1;
    }
    for (; i < n; i += 1) if (!mayBeAbsent[i] || o[keys[i]!] !== undefined) return false;
    return true;
  };
  if (fields.every((f) => f.form === 'leaf')) return { check, form: 'flat' };
  if (!fields.some((f) => f.write)) return { check };
  // A field written its own way: the object is written key by key, as JSON.stringify would.
  const prefixes = keys.map((k) => `${JSON.stringify(k)}:`);
  const writers = fields.map((f) => f.write ?? JSON.stringify);
  const write = (v: unknown) => {
    const o = v as Record<string, unknown>;
    let out = '{';
    for (let i = 0; i < n; i += 1) {
      const json = writers[i]!(o[keys[i]!]);
      if (json === undefined) continue;
      out += out.length === 1 ? prefixes[i] + json : `,${prefixes[i]}${json}`;
    }
    return `${out}}`;
  };
  return { check, write };
}

function arrayPlan(elementSchema: AnySchema): Plan | null {
  const element = planOf(elementSchema);
  if (!element) return null;
  const check = (v: unknown): boolean => {
    if (!Array.isArray(v) || 'toJSON' in v) return false;
    for (let i = 0; i < v.length; i += 1) if (!element.check(v[i])) return false;
    return true;
  };
  if (element.write) {
    const write = element.write;
    return { check, write: (v) => `[${(v as unknown[]).map((e) => write(e) ?? 'null').join(',')}]` };
  }
  if (element.form !== 'flat') return { check };
  // Frozen elements are written once: a frozen object of primitive data fields cannot change.
  const written = new WeakMap<object, string>();
  const jsonOf = (e: object): string => {
    let json = written.get(e);
    if (json === undefined) {
      json = JSON.stringify(e);
      if (Object.isFrozen(e) && Object.values(Object.getOwnPropertyDescriptors(e)).every((d) => 'value' in d)) {
        written.set(e, json);
      }
    }
    return json;
  };
  return {
    check: (v) => {
      if (!Array.isArray(v) || 'toJSON' in v) return false;
      for (let i = 0; i < v.length; i += 1) if (!written.has(v[i]) && !element.check(v[i])) return false;
      return true;
    },
    write: (v) => {
      const items = v as object[];
      let out = '[';
      for (let i = 0; i < items.length; i += 1) out += (i === 0 ? '' : ',') + jsonOf(items[i]!);
      return `${out}]`;
    },
  };
}

/** Accepts what fastify-type-provider-zod's does: a zod schema, or `{ properties: zodSchema }`. */
function zodSchemaOf(schema: unknown): AnySchema | null {
  if (schema instanceof $ZodType) return schema as unknown as AnySchema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? (properties as unknown as AnySchema) : null;
}

/** Whether answers of this schema can be written without zod's copy (else zod writes every one). */
export function hasFastPath(schema: unknown): boolean {
  const zodSchema = zodSchemaOf(schema);
  return zodSchema !== null && planOf(zodSchema) !== null;
}

export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const zodSerializer = zodSerializerCompiler(route);
  const schema = zodSchemaOf(route.schema);
  const plan = schema && planOf(schema);
  if (!plan) return zodSerializer;
  const write = plan.write ?? JSON.stringify;
  return (data) => (plan.check(data) ? (write(data) as string) : zodSerializer(data));
};
