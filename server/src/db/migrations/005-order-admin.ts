import type { Kysely } from 'kysely';

/** The admin's order list: paid orders newest first, by status and time. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_paid_idx').on('orders').columns(['paid_at', 'id']).execute();
  await db.schema.createIndex('orders_status_paid_idx').on('orders').columns(['status', 'paid_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_status_paid_idx').execute();
  await db.schema.dropIndex('orders_paid_idx').execute();
}
