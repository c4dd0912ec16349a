import type { z } from 'zod';
import type { ProductImportReport } from '@shared/variants.schemas';
import { adminFetch } from '../lib/admin-fetch';
import { saveBlob } from '../lib/save-blob';
import { uploadForm } from '../lib/upload';
import { adminProductsKey } from './get-admin-products';
import { useInvalidatingMutation } from './invalidating-mutation';

export type ImportReport = z.infer<typeof ProductImportReport>;

/** GET /api/admin/products/export.csv, saved as a file. */
export async function downloadProductsCsv(): Promise<void> {
  const res = await adminFetch('/api/admin/products/export.csv', { headers: { Accept: 'text/csv' } });
  saveBlob(await res.blob(), `products-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** POST /api/admin/products/import with the CSV in `file` (dryRun: only check). */
function importProducts({ file, dryRun }: { file: File; dryRun: boolean }): Promise<ImportReport> {
  const form = new FormData();
  form.append('dryRun', dryRun ? '1' : '0');
  form.append('file', file);
  return uploadForm<ImportReport>('POST', '/api/admin/products/import', form);
}

export const useImportProducts = () => useInvalidatingMutation(importProducts, [adminProductsKey, ['products']]);
