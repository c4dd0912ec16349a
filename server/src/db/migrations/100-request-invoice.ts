import type { Kysely } from 'kysely';

/** A demo booking through api/mailforwarder names the order it is for (its ID, payment id or invoice number). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('print_requests').addColumn('invoice', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('print_requests').dropColumn('invoice').execute();
}
