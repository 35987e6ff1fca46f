// Readers of the deploy files for deploy-files.test.ts: just enough of each format for what the test
// asks (the Dockerfile's final stage, compose's variable interpolation, nginx's upstream servers).

export type Dockerfile = { env: Record<string, string>; workdir: string; cmd: string[]; runs: string };

/** The final stage's ENV, WORKDIR and exec-form CMD, and every RUN of every stage. */
export function dockerfileOf(text: string): Dockerfile {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const result: Dockerfile = { env: {}, workdir: '/', cmd: [], runs: '' };
  for (const line of lines) {
    const [, op = '', rest = ''] = line.match(/^(\w+)\s+(.*)$/) ?? [];
    const instruction = op.toUpperCase();
    if (instruction === 'FROM') Object.assign(result, { env: {}, workdir: '/', cmd: [] });
    if (instruction === 'ENV') {
      for (const pair of rest.split(/\s+/)) {
        const at = pair.indexOf('=');
        if (at > 0) result.env[pair.slice(0, at)] = pair.slice(at + 1);
      }
    }
    if (instruction === 'WORKDIR') result.workdir = rest.startsWith('/') ? rest : `${result.workdir}/${rest}`;
    if (instruction === 'CMD') result.cmd = JSON.parse(rest);
    if (instruction === 'RUN') result.runs += `${rest}\n`;
  }
  return result;
}

/** KEY=value lines of an env file; comments and blank lines skipped. */
export function envFileOf(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = line.match(/^\s*([A-Z_][A-Z0-9_]*)=(.*)$/);
    if (m?.[1]) env[m[1]] = m[2] ?? '';
  }
  return env;
}

/** Compose's ${NAME}, ${NAME:-default} and ${NAME:?error} in each value, from `vars`; $$ is a $. */
export function interpolate(values: Record<string, string>, vars: Record<string, string>): Record<string, string> {
  const one = (v: string) =>
    v.replace(/\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g, (all, name?: string, kind?: string, arg?: string) => {
      if (!name) return '$';
      const value = vars[name];
      if (value !== undefined && value !== '') return value;
      if (kind === '-') return arg ?? '';
      throw new Error(`${all}: ${name} is not set`);
    });
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, one(String(v))]));
}

/** host:port of each `server` line inside nginx `upstream` blocks. */
export function nginxUpstreams(conf: string): string[] {
  const blocks = [...conf.matchAll(/upstream\s+\w+\s*\{([^}]*)\}/g)].map((m) => m[1] ?? '');
  return blocks.flatMap((b) => [...b.matchAll(/^\s*server\s+([\w.-]+:\d+)/gm)].map((m) => m[1] ?? ''));
}

/**
 * The command that starts the server in production, from its package.json: `start:prod`, else the
 * last step of `start` (`build && exec node dist/main.js` starts with `node dist/main.js`; an image
 * builds at build time, not at each start), and the file it starts.
 */
export function startScriptOf(pkg: { scripts: Record<string, string> }): { command: string; entry: string } {
  const script = pkg.scripts['start:prod'] ?? pkg.scripts.start ?? '';
  const command = (script.split('&&').at(-1) ?? '').trim().replace(/^exec\s+/, '');
  const entry = command.split(/\s+/).find((word) => /\.(m?js|ts)$/.test(word)) ?? '';
  return { command, entry };
}
