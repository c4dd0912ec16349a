import type { Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';
import { createKeyedTable, dropTables, notNullDefault, optional, required, uniqueByKey } from '../columns';

/**
 * Carts, coupons, orders with their lines, coupon redemptions, payment
 * events seen (webhook de-duplication) and the simulated payment provider's
 * own records. Money is integer paise throughout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_items')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('added_price_paise', 'bigint', (c) => c.notNull())
    .addColumn('added_at', 'text', timestampColumn)
    .addPrimaryKeyConstraint('cart_items_pk', ['user_id', 'product_id'])
    .execute();

  await withId(db, db.schema.createTable('coupons'))
    .$call(uniqueByKey('code'))
    .addColumn('discount_paise', 'bigint')
    .addColumn('discount_percent', 'integer')
    .addColumn('min_purchase_paise', 'bigint')
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('expires_at', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('once_per_customer', 'integer', notNullDefault(0))
    .addColumn('used_count', 'integer', notNullDefault(0))
    .addColumn('reserved_count', 'integer', notNullDefault(0))
    .addColumn('created_at', 'text', timestampColumn)
    .execute();

  await withId(db, db.schema.createTable('orders'))
    .addColumn('order_code', 'text', (c) => c.notNull().unique())
    .$call(required('text', ['user_id', 'status']))
    .$call(required('bigint', ['subtotal_paise', 'discount_paise', 'total_paise']))
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id').onDelete('set null'))
    .addColumn('coupon_code', 'text')
    .$call(required('text', ['email', 'name', 'address', 'phone', 'provider']))
    .addColumn('provider_order_id', 'text', (c) => c.unique())
    .$call(optional('text', ['provider_payment_id', 'paid_at']))
    .addColumn('created_at', 'text', timestampColumn)
    .addColumn('updated_at', 'text', timestampColumn)
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'created_at']).execute();

  await withId(db, db.schema.createTable('order_lines'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('unit_price_paise', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('image_path', 'text')
    .execute();
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute();

  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .$call(required('text', ['user_id', 'state']))
    .execute();
  await db.schema.createIndex('coupon_redemptions_user_idx').on('coupon_redemptions').columns(['coupon_id', 'user_id']).execute();

  await createKeyedTable(db, 'payment_events', 'event_id')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', timestampColumn)
    .execute();

  await createKeyedTable(db, 'simulated_orders', 'id')
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('receipt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', timestampColumn)
    .execute();
  await createKeyedTable(db, 'simulated_payments', 'id')
    .addColumn('order_id', 'text', (c) => c.notNull().references('simulated_orders.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', timestampColumn)
    .execute();
  await db.schema.createIndex('simulated_payments_order_idx').on('simulated_payments').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['simulated_payments', 'simulated_orders', 'payment_events', 'coupon_redemptions', 'order_lines', 'orders', 'coupons', 'cart_items']);
}
