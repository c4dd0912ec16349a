import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md's feature → files table names real files: a renamed or deleted file fails
 * here with the line to fix, and a new server module or web feature must get its row.
 */
const root = join(import.meta.dirname, '../..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Feature → files'));
const rows = section
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| Domain') && !line.startsWith('|---'))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
const decisions = readdirSync(join(root, 'docs/decisions'));

/** Each column's folder; a server path with a slash is another module's file. */
function pathsOf(row: string[]): string[] {
  const [domainCell = '', routes = '', service = '', repository = '', schema = '', web = '', apiTests = '', e2e = ''] = row;
  const domain = domainCell.split(' ')[0]!;
  const server = (name: string) => join('server/src/modules', name.includes('/') ? name : `${domain}/${name}`);
  return [
    join('server/src/modules', domain),
    ...[routes, service, repository].flatMap(codes).map(server),
    ...codes(schema).map((n) => join('shared/src', n)),
    ...codes(web).map((n) => join('web/src/features', n)),
    ...codes(apiTests).map((n) => join('server/test', n)),
    ...codes(e2e).map((n) => join('e2e', n)),
  ];
}

describe('docs/architecture.md, feature → files', () => {
  it('has a row per domain', () => {
    expect(rows.length).toBeGreaterThan(20);
  });

  it.each(rows.map((row) => [row[0]!, row]))('%s: every path it names exists', (_domain, row) => {
    const missing = pathsOf(row).filter((p) => !existsSync(join(root, p)));
    const unknownDecisions = (row[8] ?? '').split(/,\s*/).filter((n) => n !== '—' && !decisions.some((f) => f.startsWith(`${n}-`)));
    expect({ missing, unknownDecisions }).toEqual({ missing: [], unknownDecisions: [] });
  });

  it('names every server module and every web feature', () => {
    const domains = new Set(rows.map((row) => row[0]!.split(' ')[0]));
    const webFeatures = new Set(rows.flatMap((row) => codes(row[5] ?? '')).map((p) => p.split('/')[0]));
    expect(readdirSync(join(root, 'server/src/modules')).filter((m) => !domains.has(m))).toEqual([]);
    expect(readdirSync(join(root, 'web/src/features')).filter((f) => !webFeatures.has(f))).toEqual([]);
  });
});
