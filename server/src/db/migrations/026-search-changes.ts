import type { Kysely } from 'kysely';
import { createCounterRow, dropTables } from '../columns';

/**
 * What lets every app server keep a copy of the search index in memory (decision 021): each
 * transaction that re-indexes products takes the next number from `search_index_state` (a row lock,
 * so numbers become visible in the order they were taken) and records the products it changed
 * under that number in `search_index_changes`. A server that holds the index up to number n reads
 * the rows after n and reloads those products' postings. Old rows are pruned; `pruned_to` says up to
 * which number they are gone, so a server further behind than that reloads the whole index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createCounterRow(db, 'search_index_state', { seq: 0, pruned_to: 0 });
  await db.schema
    .createTable('search_index_changes')
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_index_changes_seq').on('search_index_changes').columns(['seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['search_index_changes', 'search_index_state']);
}
