import { sql, type Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';
import { dropTables, notNullDefault, required } from '../columns';

/**
 * Shopper returns (issue 27, decision 048). A return request holds units of
 * order lines: `order_lines.return_held_quantity` counts the units of requests
 * not rejected, and the CHECK is the last guard that no interleaving of
 * requests returns a unit twice. `orders.delivered_at` starts the return window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('delivered_at', 'text').execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('return_held_quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`return_held_quantity >= 0`),
    )
    .execute();
  await withId(db, db.schema.createTable('return_requests'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .$call(required('text', ['user_id', 'status', 'reason']))
    .addColumn('admin_message', 'text')
    .addColumn('restocked', 'integer', notNullDefault(0))
    .addColumn('refund_id', 'integer', (c) => c.unique().references('refunds.id'))
    .addColumn('created_at', 'text', timestampColumn)
    .addColumn('updated_at', 'text', timestampColumn)
    .execute();
  await db.schema.createIndex('return_requests_order_idx').on('return_requests').column('order_id').execute();
  await db.schema.createIndex('return_requests_status_idx').on('return_requests').columns(['status', 'id']).execute();
  await withId(db, db.schema.createTable('return_lines'))
    .addColumn('return_id', 'integer', (c) => c.notNull().references('return_requests.id').onDelete('cascade'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .execute();
  await db.schema.createIndex('return_lines_return_idx').on('return_lines').column('return_id').execute();
  await withId(db, db.schema.createTable('return_photos'))
    .addColumn('return_id', 'integer', (c) => c.notNull().references('return_requests.id').onDelete('cascade'))
    .$call(required('text', ['storage_key', 'content_type']))
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('return_photos_return_idx').on('return_photos').column('return_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['return_photos', 'return_lines', 'return_requests']);
}
