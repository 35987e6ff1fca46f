// The server's test projects (apps/server/vitest.projects.ts): a test file that replaces modules,
// globals, the clock or the environment runs in an `-isolated` project, never among the files that
// share one module graph.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changesSharedState, serverProjects } from '../apps/server/vitest.projects.ts';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');

describe('which server test files run isolated', () => {
  it.each([
    "vi.mock('../db/client.ts', () => ({ openDatabase: vi.fn() }));",
    "vi.mock(\n  './mailer.ts',\n  () => ({}),\n);",
    "vi.mock ('./mailer.ts');",
    "vi.doMock('./mailer.ts', () => ({}));",
    "const warn = vi.spyOn(console, 'warn');",
    "vi.spyOn<typeof crypto, 'randomUUID'>(crypto, 'randomUUID');",
    "vi\n  .spyOn(Date, 'now')\n  .mockReturnValue(0);",
    "vi.stubGlobal('fetch', fetchMock);",
    "vi.stubEnv('NODE_ENV', 'production');",
    'vi.useFakeTimers();',
    "vi.useFakeTimers({ toFake: ['Date'] });",
    "vi.setSystemTime(new Date('2030-01-01'));",
    'vi.resetModules();',
    "process.env.LOG_LEVEL = 'debug';",
    "process.env.LOG_LEVEL='debug';",
    "process.env.LOG_LEVEL =\n  'debug';",
    "process.env['LOG_LEVEL'] = 'debug';",
    'process.env["LOG_LEVEL"] = "debug";',
    'process.env[name] = value;',
    "process.env.PORT ??= '0';",
    "process.env.PATH += ':/opt/bin';",
    'delete process.env.REDIS_URL;',
    "delete process.env['REDIS_URL'];",
    "Object.assign(process.env, { NODE_ENV: 'test' });",
    'process.env = { ...saved };',
  ])('isolates %j', (text) => {
    expect(changesSharedState(text)).toBe(true);
  });

  it.each([
    "import { describe, expect, it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));",
    'const url = process.env.REDIS_URL;',
    "describe.skipIf(process.env.TEST_DB !== 'pg')('on PostgreSQL', () => {});",
    "if (process.env.TEST_DB === 'pg') start();",
    'if (process.env.DATABASE_URL == null) skip();',
    "const { TEST_DB = 'pglite' } = process.env;",
    "spawn(cmd, { env: { ...process.env, PORT: '0' } });",
    'const log = { warn: vi.fn() };\nawait vi.waitFor(() => expect(log.warn).toHaveBeenCalled());',
    'vi.mocked(repository.find).mockResolvedValue([]);',
  ])('shares %j', (text) => {
    expect(changesSharedState(text)).toBe(false);
  });
});

describe("the server's projects over the real tree", () => {
  const projects = new Map(serverProjects(true).map(({ test }) => [test?.name, test]));
  const files = testFiles(path.join(SERVER, 'src')).map((file) => path.relative(SERVER, file));

  function runsIn(name: string, file: string): boolean {
    const project = projects.get(name);
    if (!project) throw new Error(`no project ${name}`);
    const included = (project.include ?? []).some((glob) => path.matchesGlob(file, glob));
    return included && !(project.exclude ?? []).includes(file);
  }

  it('runs every file that mocks in an isolated project, and no file twice', () => {
    const mocking = files.filter((file) =>
      /\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers|setSystemTime|resetModules)\b/.test(
        readFileSync(path.join(SERVER, file), 'utf8'),
      ),
    );
    expect(mocking.length).toBeGreaterThan(0);
    for (const file of mocking) {
      expect(runsIn('server', file), file).toBe(false);
      expect(runsIn('server-isolated', file), file).toBe(true);
      if (runsIn('server-pg', file) || runsIn('server-pg-isolated', file)) {
        expect(runsIn('server-pg-isolated', file), file).toBe(true);
      }
    }
    for (const file of files) {
      expect([runsIn('server', file), runsIn('server-isolated', file)], file).toContain(true);
      expect(runsIn('server', file) && runsIn('server-isolated', file), file).toBe(false);
      expect(runsIn('server-pg', file) && runsIn('server-pg-isolated', file), file).toBe(false);
    }
  });

  it('runs each PostgreSQL file once, isolated or shared, and nothing else on PostgreSQL', () => {
    const onPostgres = files.filter((file) => /\.(routes|pg|hot-path)\.test\.ts$/.test(file));
    expect(onPostgres.length).toBeGreaterThan(0);
    for (const file of files) {
      const count = Number(runsIn('server-pg', file)) + Number(runsIn('server-pg-isolated', file));
      expect(count, file).toBe(onPostgres.includes(file) ? 1 : 0);
    }
  });

  it('finds no shared-state change in test helpers, whose importers the split cannot see', () => {
    const helpers = allTsFiles(path.join(SERVER, 'src')).filter(
      (file) => !file.endsWith('.test.ts') && readFileSync(file, 'utf8').includes("from 'vitest'"),
    );
    expect(helpers.filter((file) => changesSharedState(readFileSync(file, 'utf8')))).toEqual([]);
  });
});

function testFiles(dir: string): string[] {
  return allTsFiles(dir).filter((file) => file.endsWith('.test.ts'));
}

function allTsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
