import { describe, expect, it } from 'vitest';
import { createSecretBox } from './crypto.ts';

describe('createSecretBox', () => {
  const box = createSecretBox('a-secret-of-enough-length', 'game-password');

  it('seals to a different text each time and opens back', () => {
    const a = box.seal('Pässw0rd', 'row:1');
    const b = box.seal('Pässw0rd', 'row:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Pässw0rd');
    expect(a).toMatch(/^v1\./);
    expect(box.open(a, 'row:1')).toBe('Pässw0rd');
    expect(box.open(box.seal('', 'row:1'), 'row:1')).toBe('');
  });

  it('does not open under another context, secret or purpose, or when tampered with', () => {
    const sealed = box.seal('secret', 'row:1');
    expect(() => box.open(sealed, 'row:2')).toThrow();
    expect(() => createSecretBox('another-secret-of-length', 'game-password').open(sealed, 'row:1')).toThrow();
    expect(() => createSecretBox('a-secret-of-enough-length', 'other').open(sealed, 'row:1')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'), 'row:1')).toThrow();
    expect(() => box.open('plain', 'row:1')).toThrow();
  });
});
