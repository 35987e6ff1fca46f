/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, GONE, INVALID_TOKEN, OPS_ERROR_CODES, SLIP_REASONS, STATUS_LABELS } from './errors.ts';

// The SPA translates every catalogue code through errors.<CODE> (docs/product.md §7); a missing key
// would show a raw code to the player.
const LANGS = ['th', 'la', 'en'] as const;
type Lang = (typeof LANGS)[number];
type Catalogue = Record<string, unknown>;

function load(lang: Lang): Catalogue {
  const path = resolve(import.meta.dirname, `../../../apps/web/src/locales/${lang}/errors.json`);
  return JSON.parse(readFileSync(path, 'utf8')) as Catalogue;
}

const catalogues = Object.fromEntries(LANGS.map((lang) => [lang, load(lang)])) as Record<Lang, Catalogue>;

function lookup(catalogue: Catalogue, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
}

function flatten(node: Catalogue, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(node).flatMap(([key, value]) =>
      value !== null && typeof value === 'object'
        ? Object.entries(flatten(value as Catalogue, `${prefix}${key}.`))
        : [[`${prefix}${key}`, value]],
    ),
  );
}

const slipKeys = [...new Set(Object.values(SLIP_REASONS))].map((key) => `slip.${key}`);
const statusKeys = STATUS_LABELS.map((label) => `status.${label}`);
const memberCodes = ERROR_CODES.filter((code) => !OPS_ERROR_CODES.includes(code));
const requiredKeys = [...memberCodes, GONE, INVALID_TOKEN, ...slipKeys, ...statusKeys];

const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;

describe('error translations', () => {
  describe.each(LANGS)('%s', (lang) => {
    it.each(requiredKeys)('has a non-empty message for %s', (key) => {
      const message = lookup(catalogues[lang], key);
      expect(typeof message).toBe('string');
      expect((message as string).trim()).not.toBe('');
    });
  });

  it('gives every language the same keys', () => {
    const [first, ...rest] = LANGS.map((lang) => Object.keys(flatten(catalogues[lang])).sort());
    for (const keys of rest) expect(keys).toEqual(first);
  });

  it('has no keys outside the catalogue, the wire messages, slip reasons and status labels', () => {
    expect(Object.keys(flatten(catalogues.en)).sort()).toEqual([...requiredKeys].sort());
  });

  it.each([
    ['th', THAI, LAO],
    ['la', LAO, THAI],
  ] as const)('writes %s in its own script', (lang, own, other) => {
    const values = Object.values(flatten(catalogues[lang])) as string[];
    const inScript = values.filter((value) => own.test(value));
    expect(inScript.length / values.length).toBeGreaterThan(0.9);
    expect(values.filter((value) => other.test(value))).toEqual([]);
  });

  it('translates rather than copies the English text', () => {
    const english = flatten(catalogues.en);
    for (const lang of ['th', 'la'] as const) {
      const copied = Object.entries(flatten(catalogues[lang])).filter(([key, value]) => value === english[key]);
      expect(copied).toEqual([]);
    }
  });

  it('uses the required English wordings', () => {
    const en = catalogues.en;
    expect(en.PHONE_NUMBER_REQUIRE_10_DIGIT).toBe('The phone number must support 10 digits');
    expect(en.BONUS_FULL).toBe('Maximum number of promotions reached');
    expect(en.BANK_ACCOUNT_NAME_ENG).toBe('Bank account name must be in English only');
    expect(en.REQUEST_LIMIT_1MIN).toMatch(/about 1 minute/i);
    expect(en.TRANSFER_FAIL).toMatch(/fail/i);
    expect(en.TRANSFER_FAIL).toMatch(/returned to your wallet/i);
    expect(en.REFUND_MINIMUM).toMatch(/above 0 baht/i);
    expect(lookup(en, 'slip.unknownError')).toMatch(/unknown error.*contact admin/i);
  });

  it('states the refund minimum and the one-minute wait in Thai and Lao', () => {
    expect(catalogues.th.REFUND_MINIMUM).toMatch(/0 บาท/);
    expect(catalogues.la.REFUND_MINIMUM).toMatch(/0 ບາດ/);
    expect(catalogues.th.REQUEST_LIMIT_1MIN).toMatch(/1 นาที/);
    expect(catalogues.la.REQUEST_LIMIT_1MIN).toMatch(/1 ນາທີ/);
  });
});

// The operator console translates its own codes, in the languages staff use.
describe('operator console error translations', () => {
  const OPS_LANGS = ['th', 'en'] as const;
  const opsCatalogue = (lang: (typeof OPS_LANGS)[number]) =>
    JSON.parse(
      readFileSync(resolve(import.meta.dirname, `../../../apps/ops/src/locales/${lang}/errors.json`), 'utf8'),
    ) as Catalogue;

  it.each(OPS_LANGS)('%s has a message for every code staff can receive', (lang) => {
    const catalogue = opsCatalogue(lang);
    for (const code of [...OPS_ERROR_CODES, 'KEY_INVALID', 'KEY_MISSING', 'INTERNAL_SERVER_ERROR', 'REQUEST_LIMIT']) {
      expect(typeof catalogue[code], `${lang} ${code}`).toBe('string');
    }
  });

  it('keeps the operator codes out of the member app', () => {
    for (const lang of LANGS)
      for (const code of OPS_ERROR_CODES) expect(lookup(catalogues[lang], code)).toBeUndefined();
  });
});
