import type { Kysely } from 'kysely';
import { createCounterRow, dropTables } from '../columns';

/**
 * One row whose version every app server compares with the version of its cached public answers
 * (catalogue, search, adverts, pages): an admin change increments it, and every node drops what it
 * cached before on its next request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createCounterRow(db, 'public_cache_version', { version: 1 });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['public_cache_version']);
}
