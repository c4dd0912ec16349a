import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { PrintRequestFileTable, PrintRequestTable } from '../../db/schema';

export type NewPrintRequest = Omit<Insertable<PrintRequestTable>, 'id' | 'status' | 'created_at'>;
export type NewPrintFile = Omit<Insertable<PrintRequestFileTable>, 'id' | 'request_id'>;

export async function insertRequest(db: Db, r: NewPrintRequest, files: NewPrintFile[]): Promise<number> {
  const row = await db.insertInto('print_requests').values(r).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('print_request_files')
    .values(files.map((f) => ({ ...f, request_id: row.id })))
    .execute();
  return row.id;
}

export async function listRequests(db: Db, status: string | null, page: { limit: number; offset: number }) {
  let q = db.selectFrom('print_requests').selectAll();
  if (status) q = q.where('status', '=', status);
  return q.orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countRequests(db: Db, status: string | null): Promise<number> {
  let q = db.selectFrom('print_requests').select((eb) => eb.fn.countAll<number>().as('n'));
  if (status) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function filesOf(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return [];
  return db.selectFrom('print_request_files').selectAll().where('request_id', 'in', requestIds).orderBy('id').execute();
}

export async function findFile(db: Db, requestId: number, fileId: number) {
  return db.selectFrom('print_request_files').selectAll().where('request_id', '=', requestId).where('id', '=', fileId).executeTakeFirst();
}

export async function setRequestStatus(db: Db, id: number, status: string): Promise<boolean> {
  const res = await db.updateTable('print_requests').set({ status }).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
