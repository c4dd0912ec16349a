import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import { countUpTo, estimatedMatches, estimatedRows } from '../../db/row-estimate';
import { pageOfMatches, walkedRows, WALK_ROWS } from '../../db/walked-page';

/**
 * Indexes on better-auth's user table for the Customers list (decision 047): newest first, and a
 * prefix of the lower-cased name or e-mail, or of the phone, as a range (byte order on PostgreSQL,
 * as SQLite's, whatever the database's collation). Made at every start once better-auth has made
 * its tables (they do not exist yet when a new database runs the shop's migrations); `IF NOT
 * EXISTS` makes that a look-up after the first time. The list's index carries `role`, so the
 * capped count of all customers reads index entries only (2.9x less on SQLite at 100,000 than the
 * table's rows); it replaces `user_customers_list_idx` ("createdAt", id), dropped once it exists.
 * On SQLite the prefix indexes carry `role` too (decision 114): a search's capped count is then read
 * from them alone, not from 10,001 rows of the table wherever they lie (15 ms at 1,000,000 customers
 * when the matches are spread over it, 0.8 ms by the indexes); they replace the `*_prefix_idx` ones.
 * PostgreSQL keeps those: its count goes through a bitmap and the table's rows either way.
 */
export async function ensureCustomerIndexes(db: Db): Promise<void> {
  const prefixed = (name: string, expr: RawBuilder<unknown>) =>
    isPostgres(db)
      ? [sql`CREATE INDEX IF NOT EXISTS ${sql.raw(`user_${name}_prefix_idx`)} ON "user" ((${bytewise(db, expr)}))`]
      : [
          sql`CREATE INDEX IF NOT EXISTS ${sql.raw(`user_${name}_role_idx`)} ON "user" (${expr}, role)`,
          sql`DROP INDEX IF EXISTS ${sql.raw(`user_${name}_prefix_idx`)}`,
        ];
  const indexes = [
    sql`CREATE INDEX IF NOT EXISTS user_customers_idx ON "user" ("createdAt", id, role)`,
    sql`DROP INDEX IF EXISTS user_customers_list_idx`,
    ...prefixed('email', sql`lower(email)`),
    ...prefixed('name', sql`lower(name)`),
    ...prefixed('phone', sql`phone`),
  ];
  for (const index of indexes) {
    try {
      await index.execute(db);
    } catch (err) {
      // Two nodes starting at once: PostgreSQL may refuse the second CREATE of the same name while the first commits.
      if ((err as { code?: string }).code !== '23505' && (err as { code?: string }).code !== '42P07') throw err;
    }
  }
}

function bytewise(db: Db, expr: RawBuilder<unknown>): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`${expr} COLLATE "C"` : (expr as RawBuilder<string>);
}

/** The smallest text greater than every text that starts with `prefix` (bytewise, as the indexes order). */
const pastPrefix = (prefix: string) => `${prefix}\u{10FFFF}`;

export interface CustomerFilter {
  /** lower-cased beginning of a name or e-mail */
  text: string;
  /** the beginning of a stored phone (+91…), when the search looks like one */
  phone: string | null;
}

const customerColumns = [
  'id',
  'name',
  'email',
  'phone',
  'createdAt',
  'banned',
  'banReason',
  'username',
  'displayUsername',
  'address',
  'city',
  'state',
  'zipCode',
  'emailVerified',
] as const;

/** Shoppers: staff accounts are better-auth users with role 'admin'. */
function shoppers(db: Db) {
  return db.selectFrom('user').where((eb) => eb.or([eb('role', 'is', null), eb('role', '!=', 'admin')]));
}

const range = (expr: RawBuilder<string>, prefix: string) => sql<SqlBool>`(${expr} >= ${prefix} AND ${expr} < ${pastPrefix(prefix)})`;

/** The search's name range alone. */
const named = (db: Db, f: CustomerFilter) => range(bytewise(db, sql`lower(name)`), f.text);

/** A row matches the search: its name or e-mail (lower-cased), or its phone, in the prefix's range. */
function matching(db: Db, f: CustomerFilter): RawBuilder<SqlBool> {
  const ranges = [named(db, f), range(bytewise(db, sql`lower(email)`), f.text)];
  if (f.phone) ranges.push(range(bytewise(db, sql`phone`), f.phone));
  return sql<SqlBool>`(${sql.join(ranges, sql` OR `)})`;
}

function customers(db: Db, f: CustomerFilter) {
  return f.text ? shoppers(db).where(matching(db, f)) : shoppers(db);
}

/** The most shoppers a search's walk reads (decision 114; WALK_ROWS). */
export const CUSTOMER_WALK_ROWS = WALK_ROWS;

/** One page of customers, newest first. */
export async function listCustomers(db: Db, f: CustomerFilter, page: { limit: number; offset: number }) {
  return customers(db, f).select(customerColumns).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

/**
 * A search's page read by walking the list's order (user_customers_idx, newest first) through at
 * most walkedRows shoppers, stopping at the page: what a search that many share costs on SQLite,
 * which otherwise reads every match by the prefix indexes and sorts them all for 25 (27 ms for
 * 111,111 of 1,000,000). The walk carries only what it tests; the page's rows are read by id after
 * it (decision 120). Fewer rows than the page when the walk ended first.
 */
async function walkCustomers(db: Db, f: CustomerFilter, page: { limit: number; offset: number }) {
  const newest = shoppers(db).select(['id', 'name', 'email', 'phone', 'createdAt']).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(walkedRows(page));
  const found = db
    .selectFrom(newest.as('newest'))
    .select('id')
    .where(matching(db, f))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  return db.selectFrom('user').select(customerColumns).where('id', 'in', found).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

/** A page of customers and their count (countCustomers): a search that many share walks the list's order on SQLite (pageOfMatches). */
export async function customersPage(db: Db, f: CustomerFilter, page: { limit: number; offset: number }) {
  const { rows, counted } = await pageOfMatches(db, f.text !== '', CUSTOMER_COUNT_CAP, page.limit, {
    count: () => countCustomers(db, f),
    list: () => listCustomers(db, f, page),
    walk: () => walkCustomers(db, f, page),
  });
  return { users: rows, counted };
}

export type CustomerUserRow = Awaited<ReturnType<typeof listCustomers>>[number];

/** Where a batch of the CSV carries on: after this shopper of the list's order (newest first). */
export interface CustomerKey {
  createdAt: string | Date;
  id: string;
}

/**
 * Shoppers after `after` in the list's order, newest first. For a walk (`range`), one comparison
 * of the pair, which SQLite reads as a range of user_customers_idx; said as `createdAt < ? OR
 * (createdAt = ? AND id < ?)` (two parameters to SQLite, not one time) it scanned that index from
 * its newest entry for every batch. Without a walk that form is kept: with it SQLite takes the
 * search's prefix indexes and sorts the matches, where the range would make it walk the rest of
 * the table for a rare search.
 */
function shoppersAfter(db: Db, after: CustomerKey | null, range: boolean) {
  const q = shoppers(db);
  if (!after) return q;
  return range
    ? q.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(after.createdAt, after.id)))
    : q.where((eb) => eb.or([eb('createdAt', '<', after.createdAt), eb.and([eb('createdAt', '=', after.createdAt), eb('id', '<', after.id)])]));
}

/** The customers after `after` (newest first), for the CSV: keyset paging, so each batch costs its size. */
async function customersAfter(db: Db, f: CustomerFilter, after: CustomerKey | null, limit: number) {
  const q = shoppersAfter(db, after, false).select(customerColumns);
  return (f.text ? q.where(matching(db, f)) : q).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** How many shoppers one statement of the CSV's walk reads at most, for each row of its batch (decision 120). */
const CSV_WALK_PER_ROW = 100;

/** How many matches make the CSV walk the list's order rather than sort what is left for each batch (decision 120). */
const CSV_WALK_MATCHES = 50_000;

/**
 * Whether the CSV of this search walks the list's order (customersBatch): on SQLite, when more
 * than CSV_WALK_MATCHES customers match (counted by the prefix indexes' entries: about 5 ms at
 * most, once per file). Sorting what is left for every batch of 1,000 costs about the square of the
 * matches (0.1 s for 11,111 of 1,000,000 customers, 4.4 s for 111,111), a walk about the table's
 * shoppers down to the last match (0.6 s for the 1,000,000): about even at 50,000.
 */
export async function csvWalks(db: Db, f: CustomerFilter): Promise<boolean> {
  if (isPostgres(db) || f.text === '') return false;
  const listed = customers(db, f).select(sql<number>`1`.as('one'));
  return (await countUpTo(db, listed, CSV_WALK_MATCHES, null)) > CSV_WALK_MATCHES;
}

/**
 * The CSV's next batch: at most `limit` customers after `after`, newest first, where the next
 * batch carries on (null: none left) and whether it walks. Without a walk, keyset paging
 * (customersAfter), which sorts every match after the last batch. With one (csvWalks), the list's
 * order is read from `after`, 100 shoppers per row of the batch at most in one statement, testing
 * the search on each (decision 120). A walk that ends before its batch is full gives the matches it
 * found, carries on after the last shopper it read, and the file sorts from there: the matches are
 * sparse there, or all found (walking on would read the rest of the table for none), and counting
 * what is left to choose would read every newer match's row.
 */
export async function customersBatch(db: Db, f: CustomerFilter, after: CustomerKey | null, limit: number, walk: boolean) {
  const keyOf = (u: CustomerKey): CustomerKey => ({ createdAt: u.createdAt, id: u.id });
  if (!walk) {
    const users = await customersAfter(db, f, after, limit);
    return { users, next: users.length < limit ? null : keyOf(users.at(-1)!), walk };
  }
  const read = limit * CSV_WALK_PER_ROW;
  const newest = shoppersAfter(db, after, true)
    .select(['id', 'name', 'email', 'phone', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(read);
  const found = db.selectFrom(newest.as('newest')).select('id').where(matching(db, f)).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit);
  const users = await db.selectFrom('user').select(customerColumns).where('id', 'in', found).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  if (users.length === limit) return { users, next: keyOf(users.at(-1)!), walk };
  const last = await shoppersAfter(db, after, true)
    .select(['createdAt', 'id'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(read - 1)
    .executeTakeFirst();
  return { users, next: last ? keyOf(last) : null, walk: false };
}

/** Counted exactly up to this many; past it the count says "at least this many" (decision 043). */
export const CUSTOMER_COUNT_CAP = 10_000;

/**
 * The filtered customers counted, at most CUSTOMER_COUNT_CAP + 1 of them. On PostgreSQL, when the
 * planner estimates five times the cap or more (all customers: the list index's rows, decision 054;
 * a search: its matches, decision 109), they are over it without counting: a short prefix that
 * many share would otherwise read up to 10,001 rows, or every match into a bitmap first; a count
 * over the cap is kept 10 s there (countUpTo, decision 114).
 */
export async function countCustomers(db: Db, f: CustomerFilter, now = Date.now()): Promise<number> {
  const one = sql<number>`1`.as('one');
  // SQLite: a search whose name range alone is over the cap is over it, read from one covering range
  // of user_name_role_idx (0.7 ms for 10,001 entries at 1,000,000 customers), where the whole search
  // gathers every range's row ids to drop doubles (1.5 ms); under it the whole search is counted
  // (decision 120).
  if (!isPostgres(db) && f.text && (await countUpTo(db, shoppers(db).where(named(db, f)).select(one), CUSTOMER_COUNT_CAP, null)) > CUSTOMER_COUNT_CAP) {
    return CUSTOMER_COUNT_CAP + 1;
  }
  const listed = customers(db, f).select(one);
  const estimate = f.text ? await estimatedMatches(db, listed, now) : await estimatedRows(db, 'user_customers_idx', now);
  return countUpTo(db, listed, CUSTOMER_COUNT_CAP, estimate, now);
}

export async function findCustomer(db: Db, id: string) {
  return customers(db, { text: '', phone: null }).select(customerColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * The paid orders of these customers, summed per customer: only their rows, by orders_user_idx
 * (user_id, id), never the whole table. "Paid" is tested inside the sums, not in WHERE: a condition
 * on paid_at there lets a planner prefer the paid_at index and read every paid order.
 */
export async function orderStats(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('orders')
    .select((eb) => [
      'user_id',
      eb.fn.count<number>('paid_at').as('orders'),
      sql<number>`sum(CASE WHEN paid_at IS NULL OR status = 'canceled' THEN 0 ELSE total_paise END)`.as('spent_paise'),
      eb.fn.max('paid_at').as('last_paid_at'),
    ])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
}

/** A customer's newest paid orders with their number of items. */
export async function ordersOf(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('orders as o')
    .select((eb) => [
      'o.order_code',
      'o.status',
      'o.total_paise',
      'o.paid_at',
      eb
        .selectFrom('order_lines as l')
        .select(sql<number>`coalesce(sum(l.quantity), 0)`.as('n'))
        .whereRef('l.order_id', '=', 'o.id')
        .as('items'),
    ])
    .where('o.user_id', '=', userId)
    .where('o.paid_at', 'is not', null)
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/** The delivery addresses of a customer's paid orders, most recent first (at most `limit`). */
export async function addressesOf(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['address', eb.fn.max('id').as('last')])
    .where('user_id', '=', userId)
    .where('paid_at', 'is not', null)
    .groupBy('address')
    .orderBy('last', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.address);
}

export async function refundsOf(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['o.order_code', 'r.amount_paise', 'r.status', 'r.kind', 'r.reason', 'r.created_at'])
    .where('o.user_id', '=', userId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export async function claimsOf(db: Db, email: string, limit: number) {
  return db
    .selectFrom('free_claims')
    .select(['id', 'product_title', 'status', 'created_at'])
    .where('email_key', '=', email.toLowerCase())
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function printRequestsOf(db: Db, email: string, limit: number) {
  return db
    .selectFrom('print_requests')
    .select(['id', 'reason', 'price_paise', 'status', 'created_at'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findNote(db: Db, userId: string) {
  return db.selectFrom('customer_notes').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function saveNote(db: Db, userId: string, note: string, by: string, at: string): Promise<void> {
  await db
    .insertInto('customer_notes')
    .values({ user_id: userId, note, updated_by: by, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ note, updated_by: by, updated_at: at }))
    .execute();
}

export async function deleteNote(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('customer_notes').where('user_id', '=', userId).execute();
}
