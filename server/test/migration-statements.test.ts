import fs from 'node:fs';
import path from 'node:path';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Migration,
} from 'kysely';
import { describe, expect, it } from 'vitest';

/**
 * Every statement the migrations send, compiled for each dialect with no database behind it: each
 * `up` in the migrator's order (by name), then each `down` from the last. The migrated-schema test
 * (decision 066) sees the schema a fresh database ends with; this one also sees the rows a migration
 * writes, the statements of the downs and the order of everything, so a migration whose code is
 * rewritten (a helper for a repeated block, decision 101) is shown to send the same text, to the
 * letter. A new migration adds its statements on purpose: run this file with `-u` and read the diff.
 */
const dir = path.join(import.meta.dirname, '../src/db/migrations');

const compilers = {
  sqlite: { adapter: SqliteAdapter, introspector: SqliteIntrospector, compiler: SqliteQueryCompiler },
  postgres: { adapter: PostgresAdapter, introspector: PostgresIntrospector, compiler: PostgresQueryCompiler },
};

async function statements(kind: keyof typeof compilers): Promise<string> {
  const { adapter: Adapter, introspector: Introspector, compiler: Compiler } = compilers[kind];
  const lines: string[] = [];
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new Adapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new Introspector(k),
      createQueryCompiler: () => new Compiler(),
    },
    log: ({ query }) => {
      lines.push(`${query.sql}; -- ${JSON.stringify(query.parameters)}`);
    },
  });
  const names = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const migrations = await Promise.all(names.map(async (name) => [name, (await import(path.join(dir, name))) as Migration] as const));
  for (const [name, migration] of migrations) {
    lines.push(`-- up ${name}`);
    await migration.up(db);
  }
  for (const [name, migration] of migrations.reverse()) {
    lines.push(`-- down ${name}`);
    await migration.down!(db).catch((err: Error) => lines.push(`-- refused: ${err.message}`));
  }
  return `${lines.join('\n')}\n`;
}

describe.each(Object.keys(compilers) as (keyof typeof compilers)[])('the migrations compiled for %s', (kind) => {
  it('send the statements kept in their snapshot file', async () => {
    await expect(await statements(kind)).toMatchFileSnapshot(`./__snapshots__/migration-statements.${kind}.txt`);
  });
});
