// Import boundaries, checked by `npm run lint:deps` (part of `npm test`). Type-only imports count.
const SERVER = '^apps/server/src';
const MODULE = `${SERVER}/modules/[^/]+$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        'Two server modules never depend on each other, directly or around a longer loop (also one that ' +
        'passes through plugins/, adapters/ or db/). Counted per folder: a module is its folder.',
      scope: 'folder',
      from: { path: MODULE },
      to: { path: MODULE, circular: true },
    },
    {
      name: 'module-through-public-file',
      severity: 'error',
      comment:
        'Code outside a server module (another module, a composition root, plugins/, scripts/) reaches it ' +
        "only through its index.ts. $1 is the importer's module folder, or its first path segment when it " +
        "is not in a module, so a module's own files (deposit's subfolders included) import each other freely.",
      from: { path: `${SERVER}/(modules/[^/]+|[^/]+)` },
      to: {
        path: `${SERVER}/modules/[^/]+/`,
        pathNot: [`${SERVER}/$1/`, `${SERVER}/modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'adapters-not-to-modules',
      severity: 'error',
      comment: 'Adapters talk to the outside world; the modules call them, never the other way.',
      from: { path: `${SERVER}/adapters/` },
      to: { path: `${SERVER}/modules/` },
    },
    {
      name: 'db-not-to-modules',
      severity: 'error',
      comment: 'db/ holds the schema and the client; module seeds are composed outside it.',
      from: { path: `${SERVER}/db/` },
      to: { path: `${SERVER}/modules/` },
    },
    {
      name: 'contracts-not-to-apps',
      severity: 'error',
      comment: 'The contracts are shared by both apps and import nothing else of ours.',
      from: { path: '^packages/contracts/src/' },
      to: { path: '^(apps|battery|bench|e2e)/' },
    },
    {
      name: 'web-feature-not-to-feature',
      severity: 'error',
      comment: 'A web feature never imports another feature; shared code lives in components/ or lib/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'ops-feature-not-to-feature',
      severity: 'error',
      comment: 'A console feature never imports another feature; shared code lives in components/ or lib/.',
      from: { path: '^apps/ops/src/features/([^/]+)/' },
      to: { path: '^apps/ops/src/features/', pathNot: '^apps/ops/src/features/$1/' },
    },
    {
      name: 'ledger-repository-private',
      severity: 'error',
      comment:
        'Money moves through the ledger service (open, post, book, hold, settle, the member lock); ' +
        'its repository is private to modules/ledger.',
      from: { pathNot: `${SERVER}/modules/ledger/` },
      to: { path: `${SERVER}/modules/ledger/ledger\\.repository\\.ts$` },
    },
    {
      name: 'ops-not-to-web',
      severity: 'error',
      comment:
        'The operator console and the member SPA are separate builds: neither imports the other, so no ' +
        'console code can reach a member browser.',
      from: { path: '^apps/(ops|web)/' },
      to: { path: '^apps/(ops|web)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves, so no rule above is skipped by a path it could not follow.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests wire whole apps together; the boundaries are about the code that ships.
    exclude: {
      path: [
        '(^|/)(dist|node_modules)/',
        '\\.test\\.tsx?$',
        '^apps/(server|web|ops)/src/test/',
        '[/-]testing\\.tsx?$',
        '-test-env\\.tsx?$',
      ],
    },
    // Type-only imports are dependencies too: a cycle through types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    // Folder-scope rules (no-module-cycle) need the folder graph, which the metrics pass builds.
    metrics: true,
  },
};
