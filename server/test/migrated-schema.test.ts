import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { DB_KINDS, freshDb, type DbKind } from './helpers/databases';

/**
 * The schema a fresh database has after every migration, as the database itself describes it,
 * kept in a file per dialect. Migrations are history: a change to an old migration's code (a
 * helper for a repeated block) must leave this unchanged. A new migration changes it on purpose:
 * run this file with `-u` and read the difference in the review.
 */
async function sqliteSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY tbl_name, type, name`.execute(db);
  return rows.map((r) => `-- ${r.type} ${r.name} on ${r.tbl_name}\n${r.sql ?? '(implicit)'};\n`).join('\n');
}

async function postgresSchema(db: Db): Promise<string> {
  const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0]!.s;
  const lines = (rows: Record<string, unknown>[]) => rows.map((r) => Object.values(r).join(' | ')).join('\n');
  const columns = await sql<Record<string, unknown>>`
    SELECT table_name, ordinal_position, column_name, data_type, character_maximum_length, is_nullable, column_default, collation_name, is_identity, identity_generation
    FROM information_schema.columns WHERE table_schema = ${schema} ORDER BY table_name, ordinal_position`.execute(db);
  const constraints = await sql<Record<string, unknown>>`
    SELECT t.relname, c.conname, c.contype, pg_get_constraintdef(c.oid)
    FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = ${schema} ORDER BY t.relname, c.conname`.execute(db);
  const indexes = await sql<Record<string, unknown>>`
    SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = ${schema} ORDER BY tablename, indexname`.execute(db);
  const triggers = await sql<Record<string, unknown>>`
    SELECT t.tgname, pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND NOT t.tgisinternal ORDER BY t.tgname`.execute(db);
  const functions = await sql<Record<string, unknown>>`
    SELECT p.proname, pg_get_functiondef(p.oid) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = ${schema} ORDER BY p.proname`.execute(db);
  const sections = { columns, constraints, indexes, triggers, functions };
  const text = Object.entries(sections)
    .map(([name, result]) => `-- ${name}\n${lines(result.rows)}\n`)
    .join('\n');
  // Each test database is a schema of its own name.
  return text.replaceAll(schema, '<schema>');
}

const dump: Record<DbKind, (db: Db) => Promise<string>> = { sqlite: sqliteSchema, postgres: postgresSchema };

/** Every row of every table and every sequence's state, in a stable order: what a migration wrote besides the schema. */
async function postgresRows(db: Db): Promise<Record<string, unknown>> {
  const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0]!.s;
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ${schema} AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const sequences = await sql<{ name: string }>`
    SELECT sequence_name AS name FROM information_schema.sequences WHERE sequence_schema = ${schema} ORDER BY sequence_name`.execute(db);
  const out: Record<string, unknown> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.id(name)}`.execute(db);
    out[name] = rows.rows.map((r) => JSON.stringify(r)).sort();
  }
  for (const { name } of sequences.rows) {
    out[`sequence ${name}`] = (await sql`SELECT last_value, is_called FROM ${sql.id(name)}`.execute(db)).rows;
  }
  return out;
}

describe.runIf(DB_KINDS.includes('postgres'))('a test database copied from the run’s template (PostgreSQL, decision 106)', () => {
  it('is the migrated one: the same schema, rows and sequences', async () => {
    const migrated = await freshDb('postgres', { migrate: true });
    const copied = await freshDb('postgres');
    try {
      expect(await postgresSchema(copied.db)).toBe(await postgresSchema(migrated.db));
      const rows = await postgresRows(copied.db);
      // Kysely's bookkeeping holds when each migration ran: the copy keeps the template's times.
      const withoutTimes = (all: Record<string, unknown>) => ({ ...all, kysely_migration: (all.kysely_migration as string[]).map((r) => JSON.parse(r).name) });
      expect(withoutTimes(rows)).toEqual(withoutTimes(await postgresRows(migrated.db)));
      expect((rows.kysely_migration as string[]).length).toBeGreaterThan(30);
    } finally {
      await copied.dispose();
      await migrated.dispose();
    }
  });
});

describe.each(DB_KINDS)('the migrated schema (%s)', (kind) => {
  it('is the one kept in its snapshot file', async () => {
    const t = await freshDb(kind, { migrate: true });
    try {
      await expect(await dump[kind](t.db)).toMatchFileSnapshot(`./__snapshots__/migrated-schema.${kind}.txt`);
    } finally {
      await t.dispose();
    }
  });
});
