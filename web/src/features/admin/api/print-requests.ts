import { adminFetch } from '../lib/admin-fetch';
import { saveBlob } from '../lib/save-blob';
import type { DimensionsCm, ServiceFilters, ServiceStatus } from '../lib/service-requests';
import { useServiceRequests, useUpdateServiceStatus } from './service-requests';

export type PrintRequestFile = {
  id: number;
  filename: string;
  sizeBytes: number;
  isStl: boolean;
  sizeMm: { x: number; y: number; z: number } | null;
  volumeMm3: number | null;
};
export type AdminPrintRequest = {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  reason: string;
  /** a demo booking's order ID or invoice number */
  invoice: string | null;
  message: string;
  is2DTo3D: boolean;
  dimensionsCm: DimensionsCm;
  /** Rupees. */
  price: number;
  status: ServiceStatus;
  createdAt: string;
  files: PrintRequestFile[];
};
export type AdminPrintRequestPage = { requests: AdminPrintRequest[]; total: number; page: number; pageSize: number };

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
