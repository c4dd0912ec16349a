import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch, adminGet, adminSend } from '../lib/admin-fetch';
import { saveBlob } from '../lib/save-blob';
import { serviceQuery, type DimensionsCm, type ServiceFilters, type ServiceStatus } from '../lib/service-requests';

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

const requestsKey = ['admin', 'print-requests'] as const;

/** GET /api/admin/print-requests?status=&page=: one page of the 3D printing requests with their files, newest first. */
function getAdminPrintRequests(filters: ServiceFilters, signal?: AbortSignal): Promise<AdminPrintRequestPage> {
  return adminGet<AdminPrintRequestPage>(`/api/admin/print-requests${serviceQuery(filters)}`, signal);
}

export function useAdminPrintRequests(filters: ServiceFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...requestsKey, filters],
      queryFn: ({ signal }) => getAdminPrintRequests(filters, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

/** PATCH /api/admin/print-requests/{id} {status}. */
function updatePrintRequestStatus({ id, status }: { id: number; status: ServiceStatus }): Promise<{ message: string }> {
  return adminSend<{ message: string }>('PATCH', `/api/admin/print-requests/${id}`, { status });
}

export function useUpdatePrintRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrintRequestStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
}

/** GET /api/admin/print-requests/{id}/files/{fileId}, saved under the file's own name. */
export async function downloadPrintFile(requestId: number, file: PrintRequestFile): Promise<void> {
  const res = await adminFetch(`/api/admin/print-requests/${requestId}/files/${file.id}`, {
    headers: { Accept: 'application/octet-stream' },
  });
  saveBlob(await res.blob(), file.filename);
}
