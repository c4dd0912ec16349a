import type { Kysely } from 'kysely';
import { notNullDefault, required } from '../columns';

/**
 * Shipping (decision 040): the owner's rules (one row, JSON in paise; no row: free shipping), the
 * courier's pincode list (empty: every valid pincode is served at the default zone), a weight per
 * product, the shipping charged on each order (its own amount, part of total_paise) and coupons
 * that make shipping free.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shipping_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .$call(required('text', ['rules', 'updated_at']))
    .execute();
  await db.schema
    .createTable('shipping_pincodes')
    .addColumn('pincode', 'varchar(6)', (c) => c.primaryKey())
    .addColumn('zone', 'varchar(30)', (c) => c.notNull())
    .addColumn('cod', 'integer', notNullDefault(0))
    .addColumn('days', 'varchar(5)')
    .execute();
  await db.schema.alterTable('products').addColumn('weight_grams', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('shipping_paise', 'integer', notNullDefault(0)).execute();
  await db.schema.alterTable('coupons').addColumn('free_shipping', 'integer', notNullDefault(0)).execute();
}

export async function down(): Promise<void> {
  throw new Error('105-shipping cannot be reverted');
}
