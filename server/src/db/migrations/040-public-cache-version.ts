import type { Kysely } from 'kysely';

/**
 * One row whose version every app server compares with the version of its cached public answers
 * (catalogue, search, adverts, pages): an admin change increments it, and every node drops what it
 * cached before on its next request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('public_cache_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ public_cache_version: { id: number; version: number } }>).insertInto('public_cache_version').values({ id: 1, version: 1 }).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('public_cache_version').execute();
}
