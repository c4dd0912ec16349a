import { sql, type Kysely } from 'kysely';
import { isPostgres, timestampColumn, withId } from '../dialect';
import { addColumns, createKeyedTable, notNullDefault } from '../columns';

/**
 * Cash on delivery (decision 044):
 * - orders: how they are paid ('online' or 'cod'), the COD fee (part of total_paise), the cash
 *   collected (amount, day, reference) and when a parcel came back (returned to origin);
 * - cod_shoppers: one row per shopper who ordered COD, locked by every COD checkout of that
 *   shopper, so the "open COD orders" limit holds however many checkouts race (both databases);
 * - credit_notes: a credit note may cancel an invoice without a refund (a COD parcel returned before
 *   any cash was paid): refund_id becomes optional, with the note's own amount and reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'orders', [
    ['payment_method', 'varchar(10)', notNullDefault('online')],
    ['cod_fee_paise', 'integer', notNullDefault(0)],
    ['cod_collected_paise', 'integer'],
    ['cod_collected_at', 'text'],
    ['cod_reference', 'text'],
    ['returned_at', 'text'],
  ]);
  // A COD checkout counts the shopper's open COD orders and returns.
  await db.schema.createIndex('orders_cod_user_idx').on('orders').columns(['user_id', 'payment_method', 'status']).execute();

  await createKeyedTable(db, 'cod_shoppers', 'user_id')
    .addColumn('locked_at', 'text', (c) => c.notNull())
    .execute();

  if (isPostgres(db)) {
    await sql`ALTER TABLE credit_notes ALTER COLUMN refund_id DROP NOT NULL`.execute(db);
    await addColumns(db, 'credit_notes', [
      ['amount_paise', 'bigint'],
      ['reason', 'text'],
    ]);
    return;
  }
  // SQLite cannot drop a NOT NULL: the table is rebuilt with the same rows and ids (nothing refers to it).
  await withId(db, db.schema.createTable('credit_notes_new'))
    .addColumn('refund_id', 'integer', (c) => c.unique().references('refunds.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('issued_at', 'text', timestampColumn)
    .addColumn('amount_paise', 'integer')
    .addColumn('reason', 'text')
    .execute();
  await sql`INSERT INTO credit_notes_new (id, refund_id, order_id, number, issued_at) SELECT id, refund_id, order_id, number, issued_at FROM credit_notes`.execute(
    db,
  );
  await db.schema.dropTable('credit_notes').execute();
  await sql`ALTER TABLE credit_notes_new RENAME TO credit_notes`.execute(db);
  await db.schema.createIndex('credit_notes_order_idx').on('credit_notes').column('order_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('130-cash-on-delivery cannot be reverted');
}
