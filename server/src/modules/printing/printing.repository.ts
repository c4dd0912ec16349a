import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { PrintRequestFileTable, PrintRequestTable } from '../../db/schema';
import { pageByStatus, setStatus } from '../../db/status-lists';

export type NewPrintRequest = Omit<Insertable<PrintRequestTable>, 'id' | 'status' | 'created_at'>;
export type NewPrintFile = Omit<Insertable<PrintRequestFileTable>, 'id' | 'request_id'>;

export async function insertRequest(db: Db, r: NewPrintRequest, files: NewPrintFile[]): Promise<number> {
  const row = await db.insertInto('print_requests').values(r).returning('id').executeTakeFirstOrThrow();
  // Requests other than 3D printing may come without files.
  if (files.length === 0) return row.id;
  await db
    .insertInto('print_request_files')
    .values(files.map((f) => ({ ...f, request_id: row.id })))
    .execute();
  return row.id;
}

export const pageOfRequests = (db: Db, status: string | null, page: number) => pageByStatus(db, 'print_requests', status, page);

export async function filesOf(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return [];
  return db.selectFrom('print_request_files').selectAll().where('request_id', 'in', requestIds).orderBy('id').execute();
}

export async function findFile(db: Db, requestId: number, fileId: number) {
  return db.selectFrom('print_request_files').selectAll().where('request_id', '=', requestId).where('id', '=', fileId).executeTakeFirst();
}

export const setRequestStatus = (db: Db, id: number, status: string) => setStatus(db, 'print_requests', id, status);
