import type { Kysely } from 'kysely';
import { addColumns } from '../columns';

/** Dispatch details: the courier, the tracking number and an optional tracking link. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'orders', [
    ['courier', 'text'],
    ['tracking_number', 'text'],
    ['tracking_url', 'text'],
  ]);
}

export async function down(): Promise<void> {
  throw new Error('021-dispatch cannot be reverted');
}
