import { sql, type Kysely } from 'kysely';
import { notNullDefault } from '../columns';

/**
 * Search at scale: how many products hold each word (to start from the rarest
 * word of a query), postings ordered by weight within a word (to read the best
 * matches first and stop early), and postings by product and word (to check and
 * score candidates with index probes only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('search_vocab').addColumn('doc_count', 'integer', notNullDefault(0)).execute();
  await sql`UPDATE search_vocab SET doc_count = (SELECT count(*) FROM search_postings p WHERE p.term = search_vocab.term)`.execute(db);
  await db.schema.createIndex('search_postings_impact_idx').on('search_postings').columns(['term', 'weight', 'product_id']).execute();
  await db.schema.dropIndex('search_postings_product_idx').execute();
  await db.schema.createIndex('search_postings_product_term_idx').on('search_postings').columns(['product_id', 'term', 'weight']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('search_postings_product_term_idx').execute();
  await db.schema.createIndex('search_postings_product_idx').on('search_postings').column('product_id').execute();
  await db.schema.dropIndex('search_postings_impact_idx').execute();
  await db.schema.alterTable('search_vocab').dropColumn('doc_count').execute();
}
