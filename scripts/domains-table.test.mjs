// Holds the table of domains at the top of docs/architecture.md against the tree (issue 50,
// point 5): a newcomer reads where a domain lives on each side from one table, so the table
// must name every feature folder, only folders and contract files that exist, and every
// table of the schema once.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');

/** The table's rows: each cell's `code` items, by column. */
function domainRows(markdown) {
  const start = markdown.indexOf('<!-- domains:start -->');
  const end = markdown.indexOf('<!-- domains:end -->');
  if (start < 0 || end < start) throw new Error('docs/architecture.md has no domains table');
  return markdown
    .slice(start, end)
    .split('\n')
    .filter(
      (line) => line.startsWith('| ') && !line.startsWith('| Domain') && !line.startsWith('| ---'),
    )
    .map((line) => {
      const cells = line.split('|').slice(1, -1);
      const items = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      return {
        domain: cells[0].trim(),
        server: items(cells[1]),
        web: items(cells[2]),
        contract: items(cells[3]),
        tables: items(cells[4]),
      };
    });
}

const folders = (path) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The tables the server's Kysely schema declares (`name: SomethingTable;`). */
const schemaTables = () =>
  [...read('server/src/db/schema.ts').matchAll(/^ {2}([a-z_]+): [A-Za-z]+Table;$/gm)].map(
    (m) => m[1],
  );

describe('the domains table of docs/architecture.md', () => {
  const rows = domainRows(read('docs/architecture.md'));

  it('names every feature folder of the server and of the web', () => {
    const named = (side) => new Set(rows.flatMap((row) => row[side]));
    const server = named('server');
    const web = named('web');
    expect(folders('server/src/features').filter((f) => !server.has(`features/${f}`))).toEqual([]);
    expect(folders('web/src/features').filter((f) => !web.has(`features/${f}`))).toEqual([]);
  });

  it('names only folders and contract files that exist', () => {
    const missing = rows.flatMap((row) => [
      ...row.server.filter((f) => !existsSync(join(root, 'server/src', f))),
      ...row.web.filter((f) => !existsSync(join(root, 'web/src', f))),
      ...row.contract.filter((f) => !existsSync(join(root, 'contract/src', f))),
    ]);
    expect(missing).toEqual([]);
  });

  it('gives every table of the schema to exactly one domain', () => {
    const listed = rows.flatMap((row) => row.tables);
    const tables = schemaTables();
    expect(tables.length).toBeGreaterThan(40);
    expect([...listed].sort()).toEqual([...tables].sort());
  });
});
