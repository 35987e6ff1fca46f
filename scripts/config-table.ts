// `npm run docs:config`: writes the README's configuration table from apps/server/src/config.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderConfigTable, withConfigTable } from '../apps/server/src/config-table.ts';

const readmePath = new URL('../README.md', import.meta.url);
const before = readFileSync(readmePath, 'utf8');
const after = withConfigTable(before, renderConfigTable());
if (after === before) console.log('README.md: the configuration table is up to date');
else {
  writeFileSync(readmePath, after);
  console.log('README.md: configuration table written');
}
