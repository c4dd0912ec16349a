import { sql, type Kysely } from 'kysely';
import { notNullDefault } from '../columns';

/**
 * Stock: a product's units still for sale (NULL = not tracked). Pending orders
 * hold units by taking them off this count; cancelling gives them back, which
 * `restocked_quantity` on each order line makes happen at most once. The CHECK
 * is the last guard: no interleaving of checkouts can sell a unit twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('stock', 'integer', (c) => c.check(sql`stock >= 0`))
    .execute();
  await db.schema.alterTable('order_lines').addColumn('restocked_quantity', 'integer', notNullDefault(0)).execute();
  await db.schema.createIndex('products_low_stock').on('products').column('stock').execute();
}

export async function down(): Promise<void> {
  throw new Error('070-stock cannot be reverted');
}
