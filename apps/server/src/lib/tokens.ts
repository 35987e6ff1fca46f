import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Hex SHA-256 of a string (UTF-8). One-shot `hash`: every member call hashes its bearer token. */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** n decimal digits from a cryptographic source. */
export function randomDigits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function randomRef(n = 4): string {
  let out = '';
  for (let i = 0; i < n; i++) out += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return out;
}
