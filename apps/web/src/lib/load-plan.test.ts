// The boot loads only the `boot` namespaces and each lazy screen loads its own (locales/load-plan.json,
// decision 033). Component tests run with every namespace loaded, so this reads the sources instead:
// every namespace a screen's code can use must be loaded with it, or it would paint raw keys.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import plan from '../locales/load-plan.json';
import { NAMESPACES } from './i18n';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where each screen's code starts, and the screen whose namespaces are loaded around it. */
const SCREENS: Record<keyof typeof plan.screens, { file: string; parent?: keyof typeof plan.screens }> = {
  'login-route': { file: 'app/routes/login-route.tsx' },
  'register-route': { file: 'app/routes/register-route.tsx' },
  'howto-route': { file: 'app/routes/howto-route.tsx' },
  'contact-route': { file: 'app/routes/contact-route.tsx' },
  'terminated-route': { file: 'app/routes/terminated-route.tsx' },
  'not-found-route': { file: 'app/routes/not-found-route.tsx' },
  'user-layout': { file: 'app/layouts/user-layout.tsx' },
  'home-route': { file: 'app/routes/home-route.tsx', parent: 'user-layout' },
  'profile-route': { file: 'app/routes/profile-route.tsx', parent: 'user-layout' },
  'bonus-route': { file: 'app/routes/bonus-route.tsx', parent: 'user-layout' },
  'statement-route': { file: 'app/routes/statement-route.tsx', parent: 'user-layout' },
  'spin-route': { file: 'app/routes/spin-route.tsx', parent: 'user-layout' },
  'protection-route': { file: 'app/routes/protection-route.tsx', parent: 'user-layout' },
  'chat-widget': { file: 'features/chat/components/chat-widget.tsx' },
  'deposit-modal': { file: 'features/deposit/components/deposit-modal.tsx', parent: 'home-route' },
  'withdraw-modal': { file: 'features/withdraw/components/withdraw-modal.tsx', parent: 'home-route' },
  'transfer-modal': { file: 'features/wallet/components/transfer-modal.tsx', parent: 'home-route' },
  'invite-modal': { file: 'features/invite/components/invite-modal.tsx', parent: 'home-route' },
  'invite-receive': { file: 'features/invite/components/invite-receive.tsx', parent: 'home-route' },
  'refund-modal': { file: 'features/refund/components/refund-modal.tsx', parent: 'home-route' },
  'game-modal': { file: 'features/games/components/game-modal.tsx', parent: 'home-route' },
  'agreement-modal': { file: 'features/home/components/agreement-modal.tsx', parent: 'home-route' },
  'conditions-modal': { file: 'features/conditions/components/conditions-modal.tsx', parent: 'user-layout' },
  'reality-check-dialog': { file: 'features/protection/components/reality-check-dialog.tsx', parent: 'user-layout' },
  'member-live': { file: 'features/live/components/member-live.tsx', parent: 'user-layout' },
};

/** A screen's namespaces and those of the screens around it (a modal's page, a page's layout). */
function loadedWith(name: keyof typeof plan.screens): string[] {
  const parent = SCREENS[name].parent;
  return [...plan.screens[name], ...(parent ? loadedWith(parent) : [])];
}

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Files reachable by static imports (a dynamic import() starts another screen), and the namespaces they use. */
function scan(file: string): { files: string[]; namespaces: Set<string> } {
  const seen = new Set<string>();
  const namespaces = new Set<string>();
  const stack = [path.join(SRC, file)];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    const source = readFileSync(current, 'utf8');
    for (const m of source.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gm)) {
      const target = resolveImport(current, m[1] as string);
      if (target) stack.push(target);
    }
    // api-error.ts holds the catalogue lookup; whoever calls it needs the errors namespace.
    if (current.endsWith(`${path.sep}api-error.ts`)) continue;
    if (/\b(?:errorText|codeText)\(/.test(source)) namespaces.add('errors');
    for (const m of source.matchAll(/useTranslation\(\s*'(\w+)'/g)) namespaces.add(m[1] as string);
    for (const m of source.matchAll(/['"`](\w+):/g)) {
      if ((NAMESPACES as readonly string[]).includes(m[1] as string)) namespaces.add(m[1] as string);
    }
  }
  return { files: [...seen], namespaces };
}

const onDemand: Record<string, string[]> = plan.onDemand;

describe('locale load plan', () => {
  it('names only real namespaces', () => {
    for (const list of [plan.boot, ...Object.values(plan.screens), ...Object.values(onDemand)]) {
      for (const ns of list) expect(NAMESPACES).toContain(ns);
    }
  });

  it('the boot code needs only the boot namespaces', () => {
    const used = [...scan('main.tsx').namespaces].filter((ns) => !plan.boot.includes(ns));
    expect(used).toEqual([]);
  });

  it.each(Object.entries(SCREENS))('%s loads every namespace its code uses', (name, { file }) => {
    const loaded = new Set([...plan.boot, ...loadedWith(name as keyof typeof plan.screens)]);
    const { files, namespaces } = scan(file);
    const later = onDemand[name] ?? [];
    expect([...namespaces].filter((ns) => !loaded.has(ns) && !later.includes(ns))).toEqual([]);
    // A namespace left for later must be loaded by the code that needs it, before it is used.
    for (const ns of later) {
      const loader = new RegExp(`loadNamespaces\\(\\s*'${ns}'`);
      expect(files.some((f) => loader.test(readFileSync(f, 'utf8')))).toBe(true);
    }
  });
});
