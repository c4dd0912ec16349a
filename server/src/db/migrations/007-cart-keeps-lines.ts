import { sql, type Kysely } from 'kysely';
import { timestampColumn } from '../dialect';
import { required } from '../columns';

/**
 * A cart line outlives its product, so that the cart can show the shopper
 * that the product is gone (instead of the line silently vanishing). The
 * table is rebuilt without the foreign key, the portable way to drop one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_items_new')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .$call(required('integer', ['product_id', 'quantity']))
    .addColumn('added_price_paise', 'bigint', (c) => c.notNull())
    .addColumn('added_at', 'text', timestampColumn)
    .addPrimaryKeyConstraint('cart_items_new_pk', ['user_id', 'product_id'])
    .execute();
  await sql`INSERT INTO cart_items_new (user_id, product_id, quantity, added_price_paise, added_at)
            SELECT user_id, product_id, quantity, added_price_paise, added_at FROM cart_items`.execute(db);
  await db.schema.dropTable('cart_items').execute();
  await db.schema.alterTable('cart_items_new').renameTo('cart_items').execute();
}

export async function down(): Promise<void> {
  throw new Error('007-cart-keeps-lines cannot be reverted');
}
