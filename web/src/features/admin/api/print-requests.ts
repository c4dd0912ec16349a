import { adminFetch } from '../lib/admin-fetch';
import { saveBlob } from '../lib/save-blob';
import type { AdminPrintRequestPage, PrintRequestFile } from '@shared/services.schemas';
import type { ServiceFilters } from '../lib/service-requests';
import { useServiceRequests, useUpdateServiceStatus } from './service-requests';

/** GET /api/admin/print-requests?status=&page=: one page of the 3D printing requests with their files, newest first. */
export const useAdminPrintRequests = (filters: ServiceFilters) => useServiceRequests<AdminPrintRequestPage>('print-requests', filters);

/** PATCH /api/admin/print-requests/{id} {status}. */
export const useUpdatePrintRequestStatus = () => useUpdateServiceStatus('print-requests');

/** GET /api/admin/print-requests/{id}/files/{fileId}, saved under the file's own name. */
export async function downloadPrintFile(requestId: number, file: PrintRequestFile): Promise<void> {
  const res = await adminFetch(`/api/admin/print-requests/${requestId}/files/${file.id}`, {
    headers: { Accept: 'application/octet-stream' },
  });
  saveBlob(await res.blob(), file.filename);
}
