import path from 'node:path';
import Database from 'better-sqlite3';
import type { Selectable } from 'kysely';
import type { PrintRequestFileTable, PrintRequestTable } from '../../server/src/db/schema';

type RequestColumn = 'id' | 'con_name' | 'ph_no' | 'email' | 'message' | 'is_2d_to_3d' | 'length_cm' | 'width_cm' | 'height_cm' | 'price_paise';

export type StoredPrintRequest = Pick<Selectable<PrintRequestTable>, RequestColumn> & {
  files: Pick<Selectable<PrintRequestFileTable>, 'filename' | 'is_stl' | 'size_x_mm'>[];
};

/** A 3D printing request as the server stored it, read straight from its SQLite file (read-only). */
export function storedPrintRequest(id: number): StoredPrintRequest | undefined {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new Database(path.join(dir, 'shop.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT id, con_name, ph_no, email, message, is_2d_to_3d, length_cm, width_cm, height_cm, price_paise FROM print_requests WHERE id = ?')
      .get(id) as Omit<StoredPrintRequest, 'files'> | undefined;
    if (!row) return undefined;
    const files = db
      .prepare('SELECT filename, is_stl, size_x_mm FROM print_request_files WHERE request_id = ? ORDER BY id')
      .all(id) as StoredPrintRequest['files'];
    return { ...row, files };
  } finally {
    db.close();
  }
}
