import { sql, type Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';
import { createKeyedTable, notNullDefault, required } from '../columns';

/**
 * Money at the edges:
 * - `order_payments`: every captured payment of an order, the one that placed it
 *   and any that arrived after the order stopped awaiting payment ("late"), with
 *   how much of it is refunded or being refunded. The conditional update of
 *   `refunded_paise` is what keeps refunds within the payment.
 * - `refunds`: one row per refund, with a unique idempotency key, so a retried
 *   request or a double click finds the refund it already made.
 * - `coupon_redemptions.once_key`: the shopper's id for once-per-customer
 *   coupons, unique per coupon, so the database refuses a second use however
 *   many checkouts race (NULLs are distinct: other coupons are not limited).
 * - `orders.flag`: something the admin must look at (a late payment).
 * - `simulated_orders.captured_payment_id`: the simulated checkout captures at
 *   most one payment per order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('order_payments'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider_payment_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('refunded_paise', 'bigint', notNullDefault(0))
    .addColumn('late', 'integer', notNullDefault(0))
    .addColumn('created_at', 'text', timestampColumn)
    .addCheckConstraint('order_payments_refund_within', sql`refunded_paise >= 0 AND refunded_paise <= amount_paise`)
    .execute();
  await db.schema.createIndex('order_payments_order_idx').on('order_payments').column('order_id').execute();
  await sql`INSERT INTO order_payments (order_id, provider_payment_id, amount_paise)
            SELECT id, provider_payment_id, total_paise FROM orders
            WHERE paid_at IS NOT NULL AND provider_payment_id IS NOT NULL`.execute(db);

  await withId(db, db.schema.createTable('refunds'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('order_payments.id').onDelete('cascade'))
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .$call(required('text', ['status', 'kind']))
    .addColumn('reason', 'text', notNullDefault(''))
    .addColumn('lines', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('provider_refund_id', 'text', (c) => c.unique())
    .addColumn('failure_reason', 'text')
    .addColumn('attempts', 'integer', notNullDefault(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', timestampColumn)
    .addColumn('updated_at', 'text', timestampColumn)
    .addColumn('processed_at', 'text')
    .addCheckConstraint('refunds_amount_positive', sql`amount_paise > 0`)
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();
  await db.schema.createIndex('refunds_status_idx').on('refunds').column('status').execute();

  await db.schema.alterTable('coupon_redemptions').addColumn('once_key', 'text').execute();
  // Earlier once-per-customer uses keep counting (one per shopper and coupon).
  await sql`UPDATE coupon_redemptions SET once_key = user_id
            WHERE coupon_id IN (SELECT id FROM coupons WHERE once_per_customer = 1)
              AND order_id = (SELECT MIN(r2.order_id) FROM coupon_redemptions r2
                              WHERE r2.coupon_id = coupon_redemptions.coupon_id AND r2.user_id = coupon_redemptions.user_id)`.execute(db);
  await db.schema.createIndex('coupon_redemptions_once_uq').on('coupon_redemptions').columns(['coupon_id', 'once_key']).unique().execute();

  await createKeyedTable(db, 'simulated_refunds', 'id')
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('refund_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', timestampColumn)
    .execute();

  await db.schema.alterTable('orders').addColumn('flag', 'text').execute();
  await db.schema.alterTable('simulated_orders').addColumn('captured_payment_id', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('010-money cannot be reverted');
}
