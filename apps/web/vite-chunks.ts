// Chunk groups of the member SPA, computed from the module graph. Under slow 4G a browser opens a
// handful of connections per origin (six over HTTP/1.1) and every file costs a round trip, so the
// signed-in shell (the user layout and the home screen, where a member lands) ships as a few files
// instead of ~25 small ones. Each group takes only the modules it names (no dependencies pulled
// along), and the sets are layered (entry ⊂ /login ⊂ public screens ⊂ shell), so a screen never loads
// a group of the screens above it: /login loads no shell code.
import path from 'node:path';
import type { CodeSplittingGroup, ModuleInfo } from 'rolldown';

type Graph = { getModuleInfo(id: string): ModuleInfo | null };

const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'src');
const at = (file: string) => path.join(SRC, file);
const route = (name: string) => at(`app/routes/${name}.tsx`);

const ENTRY = at('main.tsx');
const LOGIN = route('login-route');
/** The screens a member lands on after signing in. */
const SHELL = [at('app/layouts/user-layout.tsx'), route('home-route')];
/** Screens shown signed out, and those of them without forms (no zod). */
const INFO = ['howto-route', 'contact-route', 'terminated-route', 'not-found-route'].map(route);
const PUBLIC = [LOGIN, route('register-route'), ...INFO];

/** The libraries every screen needs (DESIGN §2): their own chunk, stable across app deploys. */
export const VENDOR =
  /node_modules[\\/](preact|react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/;

/**
 * The SPA takes API paths and header names from the contracts' `*-paths.ts` and `http-headers.ts`, which
 * import no zod, so the static closures of the entry, /login and the shell do not reach it: zod and the
 * schemas group with the screens and modals whose forms validate with them (register, deposit,
 * withdraw…). Should the entry, /login or an information screen reach zod again, the pure annotations
 * (vite.config.ts) keep unused schemas out of their output, and their closures stop there.
 */
const TREE_SHAKEN_FROM_ENTRY = /node_modules[\\/]zod[\\/]/;

/** Modules reachable from `roots` through static imports (a dynamic import starts another chunk). */
function staticClosure(graph: Graph, roots: string[], skip?: RegExp): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id) || skip?.test(id)) continue;
    seen.add(id);
    for (const dep of graph.getModuleInfo(id)?.importedIds ?? []) stack.push(dep);
  }
  return seen;
}

type Sets = {
  entry: Set<string>;
  login: Set<string>;
  info: Set<string>;
  publicScreens: Set<string>;
  shell: Set<string>;
};
// Computed once per chunking pass: the entry's module info is the same object for every call within it.
const cache = new WeakMap<object, Sets>();

function sets(graph: Graph): Sets {
  const key = graph.getModuleInfo(ENTRY) ?? graph;
  let found = cache.get(key);
  if (!found) {
    found = {
      entry: staticClosure(graph, [ENTRY], TREE_SHAKEN_FROM_ENTRY),
      login: staticClosure(graph, [LOGIN], TREE_SHAKEN_FROM_ENTRY),
      info: staticClosure(graph, INFO, TREE_SHAKEN_FROM_ENTRY),
      publicScreens: staticClosure(graph, PUBLIC),
      shell: staticClosure(graph, SHELL),
    };
    cache.set(key, found);
  }
  return found;
}

type Pick = (id: string, s: Sets) => boolean;

function group(name: string, pick: Pick): CodeSplittingGroup {
  return {
    name: (id: string, ctx: Graph) => {
      const s = sets(ctx);
      return !s.entry.has(id) && !VENDOR.test(id) && pick(id, s) ? name : null;
    },
    includeDependenciesRecursively: false,
  };
}

/**
 * `signin`: what the login screen imports beyond the entry (its chunk keeps only the screen itself);
 * `shared`: what the shell shares with the information screens (the query client, lookups);
 * `forms`: what it shares with the register screen beyond that (money conversion);
 * `member`: the user layout and the home screen with everything only signed-in screens use.
 * A module goes to the first group that takes it.
 */
export function memberShellGroups(): CodeSplittingGroup[] {
  return [
    group('signin', (id, s) => s.login.has(id) && id !== LOGIN),
    group('shared', (id, s) => s.shell.has(id) && s.info.has(id)),
    group('forms', (id, s) => s.shell.has(id) && s.publicScreens.has(id)),
    group('member', (id, s) => s.shell.has(id) && !s.publicScreens.has(id)),
  ];
}
