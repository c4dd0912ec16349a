import { sql, type RawBuilder, type SqlBool } from 'kysely';

import type { Insertable, Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import { countUpTo, estimatedRows } from '../../db/row-estimate';
import { pageOfMatches, WALK_ROWS } from '../../db/walked-page';
import type { OrderLineTable, OrderTable } from '../../db/schema';

/** An order as created: awaiting payment, its code and times set by insertPendingOrder. */
export type NewOrder = Omit<
  Insertable<OrderTable>,
  'id' | 'order_code' | 'status' | 'provider_order_id' | 'provider_payment_id' | 'paid_at' | 'created_at' | 'updated_at'
>;

/** An order's public code: RK and its id in at least six digits (RK000123); migration 168's trigger writes the same on PostgreSQL. */
export const orderCodeOf = (id: number) => `RK${String(id).padStart(6, '0')}`;

/** Inserts an order awaiting payment and gives it its public code (RK000123). */
export async function insertPendingOrder(db: Db, o: NewOrder): Promise<{ id: number; order_code: string }> {
  // Timestamps of orders are ISO-8601 written here, so they compare as text the same way on both databases.
  const now = new Date().toISOString();
  const pending = { ...o, status: 'pending_payment', created_at: now, updated_at: now };
  if (isPostgres(db)) {
    // Inserted without a code, given it from its id by migration 168's trigger and read back: one statement (decision 088).
    return db
      .insertInto('orders')
      .values({ ...pending, order_code: sql<string>`null` })
      .returning(['id', 'order_code'])
      .executeTakeFirstOrThrow();
  }
  // SQLite: the code set by a second statement (no round trip there); a unique placeholder until then.
  const temp = `tmp-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const row = await db
    .insertInto('orders')
    .values({ ...pending, order_code: temp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order_code = orderCodeOf(row.id);
  await settingCode(db, row.id, order_code);
  return { id: row.id, order_code };
}

const settingCode = compiledOnce((db, id: number, code: string) => db.updateTable('orders').set({ order_code: code }).where('id', '=', id));

/** A line of a new order as the shop priced it (its tax facts are copied from the catalogue by the insert). */
export interface NewLine {
  product_id: number;
  variant_id?: number | null;
  title: string;
  unit_price_paise: number;
  quantity: number;
  image_path: string | null;
}

/** What the lines' insert answers: each line's id, and its product's stock as the statement saw it (decision 097). */
export interface InsertedLine {
  id: number;
  product_id: number;
  /** the product's units for sale now: null when it does not track them */
  stock: number | null;
  /** whether the product still exists */
  listed: boolean;
}

/**
 * Inserts the lines of a new order in one statement that also copies each line's HSN code and GST
 * rate from its variant (when the variant has its own) or product, as they are inside the order's
 * transaction, and answers each line's product's stock as the statement saw it: the tax facts' read
 * and an untracked product's stock read were statements of their own (decision 097).
 */
export async function insertLines(db: Db, orderId: number, lines: NewLine[]): Promise<InsertedLine[]> {
  const rows = await db
    .insertInto('order_lines')
    .values(
      lines.map((l) => {
        const variantId = l.variant_id ?? null;
        const fromProduct = <C extends 'hsn_code' | 'gst_rate_bp'>(column: C) =>
          sql<string | number | null>`(select ${sql.ref(column)} from products where id = ${l.product_id})`;
        // A variant's own HSN and rate when it has them, else the product's (decision 045).
        const taxFact = <C extends 'hsn_code' | 'gst_rate_bp'>(column: C) =>
          variantId === null
            ? fromProduct(column)
            : sql`coalesce((select ${sql.ref(column)} from product_variants where id = ${variantId}), ${fromProduct(column)})`;
        return {
          ...l,
          variant_id: variantId,
          order_id: orderId,
          hsn_code: taxFact('hsn_code') as never,
          gst_rate_bp: taxFact('gst_rate_bp') as never,
        };
      }),
    )
    .returning([
      'id',
      'product_id',
      sql<number | null>`(select stock from products p where p.id = order_lines.product_id)`.as('stock'),
      sql<number>`(select count(*) from products p where p.id = order_lines.product_id)`.as('listed'),
    ])
    .execute();
  return rows.map((r) => ({ id: r.id, product_id: r.product_id!, stock: r.stock === null ? null : Number(r.stock), listed: Number(r.listed) > 0 }));
}

/** Copies what each kit line of a new order takes per kit (kits have no variants: one line per kit product). */
export async function insertKitParts(
  db: Db,
  lines: InsertedLine[],
  kits: Map<number, { productId: number; variantId?: number | null; quantity: number }[]>,
): Promise<void> {
  if (kits.size === 0) return;
  const values = lines.flatMap((l) =>
    (kits.get(l.product_id) ?? []).map((p) => ({ order_line_id: l.id, product_id: p.productId, variant_id: p.variantId ?? null, quantity: p.quantity })),
  );
  if (values.length > 0) await db.insertInto('order_line_parts').values(values).execute();
}

const settingProviderOrder = compiledOnce((db, orderId: number, providerOrderId: string) =>
  db.updateTable('orders').set({ provider_order_id: providerOrderId }).where('id', '=', orderId),
);

export async function setProviderOrder(db: Db, orderId: number, providerOrderId: string): Promise<void> {
  await settingProviderOrder(db, orderId, providerOrderId);
}

const columns = [
  'id',
  'flag',
  'courier',
  'tracking_number',
  'tracking_url',
  'order_code',
  'user_id',
  'status',
  'subtotal_paise',
  'discount_paise',
  'shipping_paise',
  'total_paise',
  'coupon_id',
  'coupon_code',
  'email',
  'name',
  'address',
  'phone',
  'provider',
  'provider_order_id',
  'provider_payment_id',
  'paid_at',
  'created_at',
  'delivered_at',
  'payment_method',
  'cod_fee_paise',
  'cod_collected_at',
  'cod_collected_paise',
  'cod_reference',
  'returned_at',
] as const;

const lineColumns = ['id', 'order_id', 'product_id', 'title', 'unit_price_paise', 'quantity', 'image_path', 'return_held_quantity'] as const;

/** An order line as the repository reads it. */
export type OrderLineRow = Pick<Selectable<OrderLineTable>, (typeof lineColumns)[number]>;

const numericLine = (r: OrderLineRow): OrderLineRow => ({
  ...r,
  unit_price_paise: Number(r.unit_price_paise),
  return_held_quantity: Number(r.return_held_quantity),
});

function normalise<
  T extends {
    subtotal_paise: unknown;
    discount_paise: unknown;
    shipping_paise: unknown;
    total_paise: unknown;
    cod_fee_paise: unknown;
    cod_collected_paise: unknown;
  },
>(row: T) {
  return {
    ...row,
    cod_fee_paise: Number(row.cod_fee_paise),
    cod_collected_paise: row.cod_collected_paise === null ? null : Number(row.cod_collected_paise),
    subtotal_paise: Number(row.subtotal_paise),
    discount_paise: Number(row.discount_paise),
    shipping_paise: Number(row.shipping_paise),
    total_paise: Number(row.total_paise),
  };
}

// Compiled once: a checkout reads its order by provider order id (the simulated Pay, a webhook after the callback) and by id.
const orderWhere = {
  id: compiledOnce((db, id: number) => db.selectFrom('orders').select(columns).where('id', '=', id)),
  provider_order_id: compiledOnce((db, id: string) => db.selectFrom('orders').select(columns).where('provider_order_id', '=', id)),
  order_code: compiledOnce((db, code: string) => db.selectFrom('orders').select(columns).where('order_code', '=', code)),
};

/** The order whose unique `column` holds `value`, if any. */
async function findWhere<C extends keyof typeof orderWhere>(db: Db, column: C, value: Parameters<(typeof orderWhere)[C]>[1]) {
  const row = (await orderWhere[column](db, value as never)).rows[0];
  return row && normalise(row);
}

export const findByProviderOrderId = (db: Db, providerOrderId: string) => findWhere(db, 'provider_order_id', providerOrderId);

export const findById = (db: Db, id: number) => findWhere(db, 'id', id);

/** Whether a paid order answers to this reference: its order ID, payment order or payment id, or its invoice number. */
export async function paidOrderWithReference(db: Db, ref: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.paid_at', 'is not', null)
    // A COD order is paid once its cash is recorded (decision 044).
    .where((eb) => eb.or([eb('orders.payment_method', '=', 'online'), eb('orders.cod_collected_at', 'is not', null)]))
    .where((eb) =>
      eb.or([
        eb('orders.order_code', '=', ref),
        eb('orders.provider_order_id', '=', ref),
        eb('orders.provider_payment_id', '=', ref),
        eb.exists(eb.selectFrom('invoices').select('invoices.id').whereRef('invoices.order_id', '=', 'orders.id').where('invoices.number', '=', ref)),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** An order as the repository reads it. */
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findWhere>>>;

/**
 * Places the pending order behind a provider order (of `userId` when given) and answers it as placed,
 * else undefined (no such order, another shopper's, or no longer awaiting payment). One statement
 * with the status in its condition: of any number of concurrent callers exactly one gets the row.
 * `settled`: the statement also recorded the payment that placed it and emptied the shopper's cart
 * (PostgreSQL, decision 097); else the caller does both.
 */
export async function placeByProviderOrder(
  db: Db,
  providerOrderId: string,
  paymentId: string,
  userId: string | null,
): Promise<(OrderRow & { lines?: OrderLineRow[]; settled: boolean; paymentRecorded: boolean | null }) | undefined> {
  const now = new Date().toISOString();
  const pg = isPostgres(db);
  const placing = pg
    ? userId === null
      ? placingAndSettling(db, providerOrderId, paymentId, now)
      : placingAndSettlingShoppers(db, providerOrderId, paymentId, now, userId)
    : userId === null
      ? placingByProviderOrder(db, providerOrderId, paymentId, now)
      : placingShoppersOrder(db, providerOrderId, paymentId, now, userId);
  const row = (await placing).rows[0];
  if (!row) return undefined;
  const { lines, payment_recorded: recorded, ...order } = row as typeof row & { lines?: OrderLineRow[] | null; payment_recorded?: number | string };
  return { ...normalise(order), lines: lines ? lines.map(numericLine) : undefined, settled: pg, paymentRecorded: pg ? Number(recorded) > 0 : null };
}

const placingSet = (paymentId: string, now: string) => ({ status: 'placed', provider_payment_id: paymentId, paid_at: now, updated_at: now });
/**
 * On PostgreSQL the placed order comes back with its lines (for its mails) as a JSON array: one
 * statement where a read of the lines was a second (decision 088). SQLite reads them apart.
 */
const linesJson = sql<OrderLineRow[]>`(SELECT json_agg(json_build_object(${sql.raw(
  lineColumns.map((c) => `'${c}', l.${c}`).join(', '),
)}) ORDER BY l.id) FROM order_lines l WHERE l.order_id = orders.id)`.as('lines');
const placingByProviderOrder = compiledOnce((db, providerOrderId: string, paymentId: string, now: string) =>
  db
    .updateTable('orders')
    .set(placingSet(paymentId, now))
    .where('provider_order_id', '=', providerOrderId)
    .where('status', '=', 'pending_payment')
    .returning(columns),
);
const placingShoppersOrder = compiledOnce((db, providerOrderId: string, paymentId: string, now: string, userId: string) =>
  db
    .updateTable('orders')
    .set(placingSet(paymentId, now))
    .where('provider_order_id', '=', providerOrderId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending_payment')
    .returning(columns),
);

/**
 * PostgreSQL: the placing update (with the lines), and in the same statement, from its row, the
 * payment that placed the order recorded once (refunds' `order_payments`, as
 * `refunds.recordPlacingPayment` writes it) and the shopper's cart emptied (as `cart.clearCart`):
 * data-modifying CTEs, all or nothing with the placing, two round trips fewer (decision 097).
 * `payment_recorded` is 0 when the payment was recorded before (another order's, or a late one): it
 * places nothing then, and the caller rolls back (decision 121).
 */
function placingAndSettlingWhere(db: Db, paymentId: string, now: string, where: (q: ReturnType<typeof placingUpdate>) => ReturnType<typeof placingUpdate>) {
  return db
    .with('placed', () =>
      where(placingUpdate(db, paymentId, now))
        .returning(columns)
        .returning(linesJson),
    )
    .with('paid', (qb) =>
      qb
        .insertInto('order_payments')
        .columns(['order_id', 'provider_payment_id', 'amount_paise', 'late'])
        .expression((eb) =>
          eb.selectFrom('placed').select(['placed.id', sql<string>`cast(${paymentId} as text)`.as('payment'), 'placed.total_paise', sql.lit(0).as('late')]),
        )
        .onConflict((oc) => oc.column('provider_payment_id').doNothing())
        .returning('order_payments.id'),
    )
    .with('emptied', (qb) => qb.deleteFrom('cart_items').where('user_id', 'in', qb.selectFrom('placed').select('placed.user_id')))
    .selectFrom('placed')
    .selectAll('placed')
    .select(sql<number | string>`(SELECT count(*) FROM paid)`.as('payment_recorded'));
}
const placingUpdate = (db: Db, paymentId: string, now: string) =>
  db.updateTable('orders').set(placingSet(paymentId, now)).where('status', '=', 'pending_payment');
const placingAndSettling = compiledOnce((db, providerOrderId: string, paymentId: string, now: string) =>
  placingAndSettlingWhere(db, paymentId, now, (q) => q.where('provider_order_id', '=', providerOrderId)),
);
const placingAndSettlingShoppers = compiledOnce((db, providerOrderId: string, paymentId: string, now: string, userId: string) =>
  placingAndSettlingWhere(db, paymentId, now, (q) => q.where('provider_order_id', '=', providerOrderId).where('user_id', '=', userId)),
);

/** Places a cash-on-delivery order at once (its status and placing time), inside the transaction that creates it. */
export async function markCodPlaced(db: Db, orderId: number): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable('orders')
    .set({ status: 'placed', paid_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'pending_payment')
    .execute();
}

/**
 * Locks the shopper's COD row for the rest of the transaction (created on their first COD order):
 * one statement that writes, so PostgreSQL holds the row lock and SQLite the write lock until
 * commit. Every COD checkout of the shopper takes it before counting their open orders.
 */
export async function lockCodShopper(db: Db, userId: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('cod_shoppers')
    .values({ user_id: userId, locked_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ locked_at: now }))
    .execute();
}

/** The shopper's undelivered COD orders (placed or dispatched) and their COD parcels returned to origin. */
export async function codCountsOf(db: Db, userId: string): Promise<{ open: number; returned: number }> {
  const row = await db
    .selectFrom('orders')
    .select([
      (eb) => eb.fn.sum<number>(eb.case().when('status', 'in', ['placed', 'dispatched']).then(1).else(0).end()).as('open'),
      (eb) => eb.fn.sum<number>(eb.case().when('returned_at', 'is not', null).then(1).else(0).end()).as('returned'),
    ])
    .where('user_id', '=', userId)
    .where('payment_method', '=', 'cod')
    .executeTakeFirst();
  return { open: Number(row?.open ?? 0), returned: Number(row?.returned ?? 0) };
}

/** Records the cash collected for a COD order, once: false when it was recorded already or the order is canceled. */
export async function recordCodCollection(db: Db, orderId: number, c: { paise: number; at: string; reference: string }): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ cod_collected_paise: c.paise, cod_collected_at: c.at, cod_reference: c.reference, updated_at: new Date().toISOString() })
    .where('id', '=', orderId)
    .where('payment_method', '=', 'cod')
    .where('cod_collected_at', 'is', null)
    .where('status', 'in', ['dispatched', 'delivered'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a COD order's parcel as returned to origin (the order is canceled in the same transaction). */
export async function markReturned(db: Db, orderId: number): Promise<void> {
  await db.updateTable('orders').set({ returned_at: new Date().toISOString() }).where('id', '=', orderId).execute();
}

/** Cancels an order that was never paid; false when it is no longer pending. */
export async function cancelPending(db: Db, orderId: number): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ status: 'canceled', updated_at: new Date().toISOString() })
    .where('id', '=', orderId)
    .where('status', '=', 'pending_payment')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function listLines(db: Db, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.selectFrom('order_lines').select(lineColumns).where('order_id', 'in', orderIds).orderBy('id').execute();
  return rows.map(numericLine);
}

/** The shopper's paid orders, and orders a late payment was refunded for, newest first. */
export async function listPaidOrdersOf(db: Db, userId: string) {
  const rows = await db
    .selectFrom('orders')
    .select(columns)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('paid_at', 'is not', null), eb('flag', 'is not', null)]))
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map(normalise);
}

/** Orders still awaiting payment that were created before the given time. */
export async function listStalePending(db: Db, before: string) {
  const rows = await db
    .selectFrom('orders')
    .select(columns)
    .where('status', '=', 'pending_payment')
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map(normalise);
}

const pendingOf = compiledOnce((db, userId: string) =>
  db.selectFrom('orders').select(columns).where('user_id', '=', userId).where('status', '=', 'pending_payment').orderBy('id'),
);

/** A shopper's orders still awaiting payment (every checkout asks). */
export async function listPendingOf(db: Db, userId: string) {
  return (await pendingOf(db, userId)).rows.map(normalise);
}

/** Records a webhook event id; false when it was seen before. */
export async function recordEvent(db: Db, eventId: string, type: string): Promise<boolean> {
  const res = await db
    .insertInto('payment_events')
    .values({ event_id: eventId, type })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function eventSeen(db: Db, eventId: string): Promise<boolean> {
  const row = await db.selectFrom('payment_events').select('event_id').where('event_id', '=', eventId).executeTakeFirst();
  return row !== undefined;
}

export interface AdminOrderFilter {
  status: string;
  since: string | null;
  q: string;
}

/** The admin list's order, as its indexes (migration 120) hold it: when paid, else when placed. */
const listedAt = sql<string>`coalesce(paid_at, created_at)`;

/** The smallest text greater than every text that starts with `prefix` (bytewise, as the e-mail index orders). */
const pastPrefix = (prefix: string) => `${prefix}\u{10FFFF}`;

function adminFiltered(db: Db, f: AdminOrderFilter) {
  // Paid orders, and unpaid ones flagged for the admin (a late payment that is being refunded): the
  // very condition of the partial indexes orders_admin_list_idx and orders_admin_status_idx.
  let q = db.selectFrom('orders').where((eb) => eb.or([eb('paid_at', 'is not', null), eb('flag', 'is not', null)]));
  if (f.status !== 'all') q = q.where('status', '=', f.status);
  // paid_at >= since, said as a range of the index's key (for a paid order the key is paid_at).
  if (f.since) q = q.where(listedAt, '>=', f.since).where('paid_at', 'is not', null);
  return f.q ? q.where(searched(db, f.q)) : q;
}

/** The e-mail by its beginning: a range of the e-mail index (byte order on PostgreSQL, as on SQLite). */
function emailFrom(db: Db, q: string): RawBuilder<SqlBool> {
  const prefix = q.toLowerCase();
  const email = isPostgres(db) ? sql<string>`lower(email) COLLATE "C"` : sql<string>`lower(email)`;
  return sql<SqlBool>`(${email} >= ${prefix} AND ${email} < ${pastPrefix(prefix)})`;
}

/** The order id exactly, or the e-mail by its beginning: both by index (decision 043). */
function searched(db: Db, q: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(order_code = ${q.toUpperCase()} OR ${emailFrom(db, q)})`;
}

/** Paid orders for the admin, newest first, filtered, one page. */
export async function listAdminOrders(db: Db, f: AdminOrderFilter, page: { limit: number; offset: number }) {
  const rows = await adminFiltered(db, f).select(columns).orderBy(listedAt, 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  return rows.map(normalise);
}

/**
 * A search's page read by walking the list's order (without the search: all listed orders, or a
 * status's, or a period's, by their indexes) through at most WALK_ROWS orders, stopping at the page:
 * what a search that many share costs on SQLite, which otherwise reads every match by the e-mail
 * index and sorts them all for 25 (decision 120). An order is tested for about 0.4 µs (its row read
 * by id), so the walk goes as far as the bound for any page: a walk that finds too few costs about
 * what sorting 20,000 matches does. The walk carries only what it tests and is ordered by a column
 * of its own (`listed_at`: by the expression, SQLite sorted the walked rows again instead of stopping
 * at the page); the page's 25 rows are read by id after it (carrying every column through the walk
 * cost 1.7x). Fewer rows than the page when the walk ended first.
 */
async function walkAdminOrders(db: Db, f: AdminOrderFilter, page: { limit: number; offset: number }) {
  const newest = adminFiltered(db, { ...f, q: '' })
    .select(['id', 'email', 'order_code', listedAt.as('listed_at')])
    .orderBy(listedAt, 'desc')
    .orderBy('id', 'desc')
    .limit(WALK_ROWS);
  const found = db
    .selectFrom(newest.as('newest'))
    .select('id')
    .where(searched(db, f.q))
    .orderBy('listed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  const rows = await db.selectFrom('orders').select(columns).where('id', 'in', found).orderBy(listedAt, 'desc').orderBy('id', 'desc').execute();
  return rows.map(normalise);
}

/** A page of the admin list and its count (countAdminOrders): a search that many share walks the list's order on SQLite (pageOfMatches). */
export async function adminOrdersPage(db: Db, f: AdminOrderFilter, page: { limit: number; offset: number }) {
  const { rows, counted } = await pageOfMatches(db, f.q !== '', ADMIN_COUNT_CAP, page.limit, {
    count: () => countAdminOrders(db, f),
    list: () => listAdminOrders(db, f, page),
    walk: () => walkAdminOrders(db, f, page),
  });
  return { orders: rows, counted };
}

/** Counted exactly up to this many; past it the count says "at least this many" (decision 043). */
export const ADMIN_COUNT_CAP = 10_000;

/**
 * The filtered orders counted, at most ADMIN_COUNT_CAP + 1 of them (more means "over the cap"). All
 * listed orders, when PostgreSQL estimates five times the cap or more in the list's partial index,
 * are over it without counting (decision 054).
 */
async function countAdminOrders(db: Db, f: AdminOrderFilter): Promise<number> {
  const all = f.status === 'all' && !f.since && !f.q;
  const one = sql<number>`1`.as('one');
  let listed = adminFiltered(db, f).select(one);
  // A period on PostgreSQL: its generic plan for `listedAt >= $1` built a bitmap of the whole period
  // (86,400 orders in a month at 1,000,000: 23 ms) before the limit; in the index's order it stops at the cap.
  if (f.since && !f.q && isPostgres(db)) listed = listed.orderBy(listedAt, 'desc').orderBy('id', 'desc');
  // A search: the e-mail's range alone, read from the e-mail index's entries (migration 171), and the
  // one order the id names when its e-mail is outside that range (e-mails are never null). Counted
  // as one OR, SQLite gathered both indexes' row ids to drop doubles (2x) and PostgreSQL read every
  // match's row through a bitmap (decision 120).
  if (f.q) {
    const unsearched = adminFiltered(db, { ...f, q: '' });
    const byEmail = emailFrom(db, f.q);
    listed = unsearched
      .where(byEmail)
      .select(one)
      .unionAll(
        unsearched
          .where('order_code', '=', f.q.toUpperCase())
          .where(sql<SqlBool>`NOT ${byEmail}`)
          .select(one),
      );
  }
  return countUpTo(db, listed, ADMIN_COUNT_CAP, all ? await estimatedRows(db, 'orders_admin_list_idx') : null);
}

export const findByCode = (db: Db, code: string) => findWhere(db, 'order_code', code.toUpperCase());

/** Records how an order was dispatched, only while it is dispatched; true when it was. */
export async function setDispatch(db: Db, id: number, d: { courier: string; tracking_number: string; tracking_url: string | null }): Promise<boolean> {
  const res = await db.updateTable('orders').set(d).where('id', '=', id).where('status', '=', 'dispatched').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Moves an order from one status to another, only if it is still in the first. */
export async function moveStatus(db: Db, id: number, from: string, to: string): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    // Delivery starts the return window (decision 048).
    .set({ status: to, updated_at: new Date().toISOString(), ...(to === 'delivered' ? { delivered_at: new Date().toISOString() } : {}) })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Revenue and order count per day (not canceled) since a time (decision 044): orders count on the
 * day they were placed, whatever the payment method; revenue is money received, so an online order
 * counts on the day it was paid and a cash-on-delivery order only on the day its cash was recorded.
 */
export async function revenueByDay(db: Db, since: string) {
  const placedDay = sql<string>`substr(paid_at, 1, 10)`;
  const collectedDay = sql<string>`substr(cod_collected_at, 1, 10)`;
  const [placed, collected] = await Promise.all([
    db
      .selectFrom('orders')
      .select([
        placedDay.as('day'),
        (eb) => eb.fn.sum<number>(eb.case().when('payment_method', '=', 'cod').then(0).else(eb.ref('total_paise')).end()).as('revenue'),
        (eb) => eb.fn.countAll<number>().as('orders'),
      ])
      .where('paid_at', '>=', since)
      .where('status', '!=', 'canceled')
      .groupBy(placedDay)
      .execute(),
    db
      .selectFrom('orders')
      .select([collectedDay.as('day'), (eb) => eb.fn.sum<number>('cod_collected_paise').as('revenue')])
      .where('payment_method', '=', 'cod')
      .where('cod_collected_at', '>=', since)
      .where('status', '!=', 'canceled')
      .groupBy(collectedDay)
      .execute(),
  ]);
  const byDay = new Map<string, { day: string; revenue: number; orders: number }>();
  for (const r of placed) byDay.set(String(r.day), { day: String(r.day), revenue: Number(r.revenue ?? 0), orders: Number(r.orders) });
  for (const r of collected) {
    const d = byDay.get(String(r.day)) ?? { day: String(r.day), revenue: 0, orders: 0 };
    d.revenue += Number(r.revenue ?? 0);
    byDay.set(d.day, d);
  }
  return [...byDay.values()];
}

/** Cash-on-delivery orders placed and not canceled whose cash is not recorded yet: how many, and the cash to collect. */
export async function codToCollect(db: Db): Promise<{ orders: number; amountPaise: number }> {
  const r = await db
    .selectFrom('orders')
    .select([(eb) => eb.fn.countAll<number>().as('orders'), (eb) => eb.fn.sum<number>('total_paise').as('amount')])
    .where('payment_method', '=', 'cod')
    .where('paid_at', 'is not', null)
    .where('cod_collected_at', 'is', null)
    .where('status', '!=', 'canceled')
    .executeTakeFirst();
  return { orders: Number(r?.orders ?? 0), amountPaise: Number(r?.amount ?? 0) };
}

export async function topProducts(db: Db, since: string, limit: number) {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.title', (eb) => eb.fn.sum<number>('l.quantity').as('quantity'), (eb) => eb.fn.sum<number>(sql`l.unit_price_paise * l.quantity`).as('revenue')])
    .where('o.paid_at', '>=', since)
    .where('o.status', '!=', 'canceled')
    .groupBy('l.title')
    .orderBy('quantity', 'desc')
    .orderBy('l.title')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ title: r.title, quantity: Number(r.quantity), revenue: Number(r.revenue) }));
}

/** True when an order line shows one of these image files (order lines keep the image of what was bought). */
export async function anyLineShowsImage(db: Db, imagePaths: string[]): Promise<boolean> {
  if (imagePaths.length === 0) return false;
  const line = await db.selectFrom('order_lines').select('id').where('image_path', 'in', imagePaths).executeTakeFirst();
  return line !== undefined;
}

/** An order of the original shop as the legacy importer writes it (every column set; none generated). */
export type ImportedOrder = Required<
  Pick<
    Insertable<OrderTable>,
    | 'order_code'
    | 'user_id'
    | 'status'
    | 'subtotal_paise'
    | 'discount_paise'
    | 'total_paise'
    | 'email'
    | 'name'
    | 'address'
    | 'phone'
    | 'provider'
    | 'provider_order_id'
    | 'provider_payment_id'
    | 'paid_at'
    | 'created_at'
    | 'updated_at'
  >
> & { paid_at: string; created_at: string; updated_at: string; flag: string | null };

export type ImportedLine = Required<Pick<Insertable<OrderLineTable>, 'product_id' | 'title' | 'unit_price_paise' | 'quantity' | 'image_path'>>;

export async function insertImportedOrder(db: Db, o: ImportedOrder, lines: ImportedLine[]): Promise<number> {
  const { id } = await db.insertInto('orders').values(o).returning('id').executeTakeFirstOrThrow();
  await insertImportedLines(db, id, lines);
  return id;
}

export async function updateImportedOrder(db: Db, id: number, o: Omit<ImportedOrder, 'user_id'>, lines: ImportedLine[]): Promise<void> {
  await db.updateTable('orders').set(o).where('id', '=', id).execute();
  await db.deleteFrom('order_lines').where('order_id', '=', id).execute();
  await insertImportedLines(db, id, lines);
}

/** An order of the original may have no lines (its processOrder wrote none). */
async function insertImportedLines(db: Db, orderId: number, lines: ImportedLine[]): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('order_lines')
    .values(lines.map((l) => ({ ...l, order_id: orderId })))
    .execute();
}

export async function moveOrdersToUser(db: Db, fromOwner: string, userId: string): Promise<number> {
  const res = await db.updateTable('orders').set({ user_id: userId }).where('user_id', '=', fromOwner).executeTakeFirst();
  return Number(res.numUpdatedRows);
}
