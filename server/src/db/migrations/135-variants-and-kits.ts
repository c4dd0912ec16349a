import { sql, type Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';
import { notNullDefault, optional, required } from '../columns';

/**
 * Variants and kits (issue 26, decision 045).
 * - `product_options`: a product's options in order (e.g. Battery: included / not included).
 * - `product_variants`: one row per combination of option values, with its own SKU, price,
 *   stock (NULL: not tracked, never below 0), weight, HSN, GST rate (NULL: the product's) and image.
 * - `kit_parts`: what a kit is made of; a part is a product or one of its variants.
 * - `order_lines.variant_id` and `order_line_parts`: what an order line took from stock, copied
 *   when ordered, so that cancelling or refunding gives back exactly that even after the kit changed.
 * - `cart_items` is rebuilt with `variant_id` in its key (0: no variant), so a cart may hold two
 *   variants of one product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('product_options'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .$call(required('integer', ['position']))
    .$call(required('text', ['name', 'values_json']))
    .execute();
  await db.schema.createIndex('product_options_product').on('product_options').columns(['product_id', 'position']).unique().execute();

  await withId(db, db.schema.createTable('product_variants'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .$call(required('integer', ['position']))
    .$call(required('text', ['options_json']))
    .addColumn('sku', 'text')
    .addColumn('price_paise', 'bigint', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.check(sql`stock >= 0`))
    .$call(optional('integer', ['weight_grams', 'gst_rate_bp']))
    .$call(optional('text', ['hsn_code', 'image_path']))
    .execute();
  await db.schema.createIndex('product_variants_product').on('product_variants').columns(['product_id', 'position']).execute();
  await db.schema.createIndex('product_variants_sku').on('product_variants').column('sku').unique().execute();

  await withId(db, db.schema.createTable('kit_parts'))
    .addColumn('kit_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('part_product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('part_variant_id', 'integer', (c) => c.references('product_variants.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .execute();
  await db.schema.createIndex('kit_parts_kit').on('kit_parts').column('kit_id').execute();
  await db.schema.createIndex('kit_parts_part').on('kit_parts').column('part_product_id').execute();

  await db.schema.alterTable('order_lines').addColumn('variant_id', 'integer').execute();
  await withId(db, db.schema.createTable('order_line_parts'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
    .$call(required('integer', ['product_id', 'quantity']))
    .addColumn('variant_id', 'integer')
    .execute();
  await db.schema.createIndex('order_line_parts_line').on('order_line_parts').column('order_line_id').execute();

  await db.schema
    .createTable('cart_items_new')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .$call(required('integer', ['product_id', 'quantity']))
    .addColumn('variant_id', 'integer', notNullDefault(0))
    .addColumn('added_price_paise', 'bigint', (c) => c.notNull())
    .addColumn('added_at', 'text', timestampColumn)
    .addPrimaryKeyConstraint('cart_items_variant_pk', ['user_id', 'product_id', 'variant_id'])
    .execute();
  await sql`INSERT INTO cart_items_new (user_id, product_id, variant_id, quantity, added_price_paise, added_at)
            SELECT user_id, product_id, 0, quantity, added_price_paise, added_at FROM cart_items`.execute(db);
  await db.schema.dropTable('cart_items').execute();
  await db.schema.alterTable('cart_items_new').renameTo('cart_items').execute();
}

export async function down(): Promise<void> {
  throw new Error('135-variants-and-kits cannot be reverted');
}
