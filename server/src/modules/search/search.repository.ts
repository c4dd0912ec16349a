import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { deletions } from '../../../../shared/src/search-text';

/** Rows per INSERT: stays under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface Posting {
  term: string;
  product_id: number;
  weight: number;
}

export async function deletePostings(db: Db, productIds: number[]): Promise<void> {
  for (const ids of chunks(productIds)) {
    await db.deleteFrom('search_postings').where('product_id', 'in', ids).execute();
  }
}

export async function insertPostings(db: Db, postings: Posting[]): Promise<void> {
  for (const rows of chunks(postings)) {
    await db.insertInto('search_postings').values(rows).execute();
  }
}

/** Adds words to the vocabulary, with the one-character deletions used for typo matching. */
export async function addVocabulary(db: Db, terms: string[], minFuzzyLength: number): Promise<void> {
  const unique = [...new Set(terms)];
  const fresh: string[] = [];
  for (const batch of chunks(unique)) {
    const known = await db.selectFrom('search_vocab').select('term').where('term', 'in', batch).execute();
    const knownSet = new Set(known.map((r) => r.term));
    fresh.push(...batch.filter((t) => !knownSet.has(t)));
  }
  for (const batch of chunks(fresh)) {
    await db
      .insertInto('search_vocab')
      .values(batch.map((term) => ({ term })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const dels = fresh
    .filter((t) => [...t].length >= minFuzzyLength)
    .flatMap((term) => deletions(term).map((variant) => ({ variant, term })));
  for (const batch of chunks(dels)) {
    await db.insertInto('search_deletes').values(batch).onConflict((oc) => oc.doNothing()).execute();
  }
}

export interface TermCandidate {
  term: string;
  /** 3 exact, 2 prefix, 1 typo (to be verified) */
  quality: number;
}

/** Vocabulary words that may match a query word: itself, words it begins, and words one edit away. */
export async function findTermCandidates(
  db: Db,
  word: string,
  options: { fuzzy: boolean; prefixLimit: number },
): Promise<TermCandidate[]> {
  const exact = db.selectFrom('search_vocab').select(['term', sql<number>`3`.as('quality')]).where('term', '=', word);
  // Binary (memcmp) order on both databases: SQLite's default and PostgreSQL's "C" collation (see migration).
  const prefix = db
    .selectFrom(
      db
        .selectFrom('search_vocab')
        .select('term')
        .where('term', '>', word)
        .where('term', '<', `${word}\u{10FFFF}`)
        .orderBy('term')
        .limit(options.prefixLimit)
        .as('p'),
    )
    .select(['p.term', sql<number>`2`.as('quality')]);
  let query = exact.unionAll(prefix);
  if (options.fuzzy) {
    const dels = deletions(word);
    query = query
      .unionAll(db.selectFrom('search_vocab').select(['term', sql<number>`1`.as('quality')]).where('term', 'in', dels))
      .unionAll(
        db
          .selectFrom('search_deletes')
          .select(['term', sql<number>`1`.as('quality')])
          .where('variant', 'in', [word, ...dels]),
      );
  }
  return query.execute();
}

export interface WordTerms {
  /** term -> quality factor */
  terms: Map<string, number>;
}

/**
 * Product ids having, for every word, at least one of its terms; scored by the
 * sum over words of the best (field weight x match quality).
 */
export async function rankProducts(
  db: Db,
  words: WordTerms[],
  page: { limit: number; offset: number },
): Promise<number[]> {
  const parts = words.map((w, i) => {
    const byQuality = new Map<number, string[]>();
    for (const [term, q] of w.terms) byQuality.set(q, [...(byQuality.get(q) ?? []), term]);
    const cases = [...byQuality.entries()].map(
      ([q, terms]) => sql`WHEN term IN (${sql.join(terms)}) THEN ${sql.lit(q)}`,
    );
    const all = [...w.terms.keys()];
    return sql`${sql.id(`w${i}`)} AS (SELECT product_id, MAX(weight * CASE ${sql.join(cases, sql` `)} ELSE 0 END) AS s FROM search_postings WHERE term IN (${sql.join(all)}) GROUP BY product_id)`;
  });
  const score = sql.join(
    words.map((_, i) => sql.ref(`w${i}.s`)),
    sql` + `,
  );
  const joins = words
    .slice(1)
    .map((_, i) => sql`JOIN ${sql.id(`w${i + 1}`)} ON ${sql.ref(`w${i + 1}.product_id`)} = w0.product_id`);
  const result = await sql<{ product_id: number }>`
    WITH ${sql.join(parts, sql`, `)}
    SELECT w0.product_id AS product_id FROM w0 ${sql.join(joins, sql` `)}
    ORDER BY ${score} DESC, w0.product_id ASC
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return result.rows.map((r) => Number(r.product_id));
}
