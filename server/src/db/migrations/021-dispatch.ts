import type { Kysely } from 'kysely';

/** Dispatch details: the courier, the tracking number and an optional tracking link. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('courier', 'text').execute();
  await db.schema.alterTable('orders').addColumn('tracking_number', 'text').execute();
  await db.schema.alterTable('orders').addColumn('tracking_url', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('021-dispatch cannot be reverted');
}
