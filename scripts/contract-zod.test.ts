import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { CONTRACT_ZOD, contractZod } from '../apps/web/vite-plugins.ts';

// The member build declares the contracts' zod calls pure by CONTRACT_ZOD, a name no library uses
// (apps/web/vite.config.ts): the rename must reach every call in a contracts source and nothing else.

type Transform = (this: { error(message: string): never }, code: string, id: string) => string | null;
const transform = contractZod().transform as unknown as Transform;
const ctx = {
  error(message: string): never {
    throw new Error(message);
  },
};
const source = `import { z } from 'zod';
export const ZThing = z.object({ a: z.string().min(1), b: z.number().nullable() });
export type TThing = z.infer<typeof ZThing>;
export const ZPhone = z
  .string()
  .regex(/^[A-Za-z ]+$/);
const lazy = (size: number) => size; // z is not called here
`;

it('renames zod in a contracts source, calls and types alike', () => {
  const out = transform.call(ctx, source, '/repo/packages/contracts/src/thing.ts');
  expect(out).toContain(`import { z as ${CONTRACT_ZOD} } from 'zod';`);
  expect(out).toContain(`${CONTRACT_ZOD}.object({ a: ${CONTRACT_ZOD}.string().min(1), b: ${CONTRACT_ZOD}.number()`);
  expect(out).toContain(`${CONTRACT_ZOD}.infer<typeof ZThing>`);
  expect(out).toContain(`ZPhone = ${CONTRACT_ZOD}\n  .string()`);
  expect(out).toContain('/^[A-Za-z ]+$/');
  // No `z` is left to be called: every one the import named is renamed.
  expect(out).not.toMatch(/\bz\s*\./);
  expect(out).toContain('// z is not called here');
});

it('leaves every other module alone: the app, libraries, a contracts file without zod', () => {
  expect(transform.call(ctx, source, '/repo/apps/web/src/features/chat/lib/chat-items.ts')).toBeNull();
  expect(transform.call(ctx, 'function z(n){return n}z(1);', '/repo/node_modules/preact/dist/preact.mjs')).toBeNull();
  expect(transform.call(ctx, 'export const A = 1;', '/repo/packages/contracts/src/constants.ts')).toBeNull();
});

it('refuses a contracts source that already uses the name', () => {
  const clash = `${source}const ${CONTRACT_ZOD} = 1;`;
  expect(() => transform.call(ctx, clash, '/repo/packages/contracts/src/thing.ts')).toThrow(CONTRACT_ZOD);
});

it('leaves no zod `z` in any contracts source the build reads', () => {
  const dir = new URL('../packages/contracts/src/', import.meta.url);
  const files = readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  let renamed = 0;
  for (const file of files) {
    const out = transform.call(ctx, readFileSync(new URL(file, dir), 'utf8'), `/repo/packages/contracts/src/${file}`);
    if (out === null) continue;
    renamed += 1;
    const code = out.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    // `z` as a value: not part of a name, a member or a character range (`[A-Za-z ]`).
    expect(code, file).not.toMatch(/(^|[^\w$.-])z(?=\s*[.(,)\]};])/m);
  }
  expect(renamed).toBeGreaterThan(10);
});
