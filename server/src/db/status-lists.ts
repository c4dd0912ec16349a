import type { Selectable } from 'kysely';
import type { Db } from './database';
import type { Database } from './schema';

/** The service-request tables: rows that are 'new' until the shop marks them 'handled'. */
type StatusTable = 'free_claims' | 'print_requests';

/** One page of a service-request table with this status (null: all), newest first, and how many rows it has in all. */
export async function pageByStatus<T extends StatusTable>(db: Db, table: T, status: string | null, window: { limit: number; offset: number }) {
  let rows = db.selectFrom(table as StatusTable).selectAll();
  let count = db.selectFrom(table as StatusTable).select((eb) => eb.fn.countAll<number>().as('n'));
  if (status) {
    rows = rows.where('status', '=', status);
    count = count.where('status', '=', status);
  }
  const [page, all] = await Promise.all([
    rows.orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: page as Selectable<Database[T]>[], total: Number(all.n) };
}

/** Marks a row new or handled; false when there is no such row. */
export async function setStatus(db: Db, table: StatusTable, id: number, status: string): Promise<boolean> {
  const res = await db.updateTable(table).set({ status }).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
