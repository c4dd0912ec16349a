import type { Selectable } from 'kysely';
import { ADMIN_PAGE_SIZE, pageWindow } from '@shared/paging';
import type { Db } from './database';
import type { Database } from './schema';

/** The service-request tables: rows that are 'new' until the shop marks them 'handled'. */
type StatusTable = 'free_claims' | 'print_requests';

/**
 * One page (1-based, ADMIN_PAGE_SIZE rows) of a service-request table with this status (null: all),
 * newest first, with how many rows it has in all, the page and its size: the paging of the admin's lists.
 */
export async function pageByStatus<T extends StatusTable>(db: Db, table: T, status: string | null, page: number) {
  const window = pageWindow(page, ADMIN_PAGE_SIZE);
  let list = db.selectFrom(table as StatusTable).selectAll();
  let count = db.selectFrom(table as StatusTable).select((eb) => eb.fn.countAll<number>().as('n'));
  if (status) {
    list = list.where('status', '=', status);
    count = count.where('status', '=', status);
  }
  const [rows, all] = await Promise.all([list.orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(), count.executeTakeFirstOrThrow()]);
  return { rows: rows as Selectable<Database[T]>[], total: Number(all.n), page, pageSize: ADMIN_PAGE_SIZE };
}

/** Marks a row new or handled; false when there is no such row. */
export async function setStatus(db: Db, table: StatusTable, id: number, status: string): Promise<boolean> {
  const res = await db.updateTable(table).set({ status }).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
