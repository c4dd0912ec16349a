import { useEffect, useId, useState } from 'react';
import { withReason } from '@shared/admin-messages';
import { formatRupees } from '@shared/money';
import { secondaryButton } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { formatOrderDate } from '../../orders/lib/order-format';
import {
  downloadPrintFile,
  useAdminPrintRequests,
  useUpdatePrintRequestStatus,
  type AdminPrintRequest,
  type PrintRequestFile,
} from '../api/print-requests';
import { reasonOf } from '../lib/admin-fetch';
import { pageCount } from '../lib/order-filters';
import {
  changeServiceFilters,
  formatBytes,
  formatDimensionsCm,
  formatSizeCm,
  formatVolumeCm3,
  initialServiceFilters,
  type ServiceFilters,
  type ServiceStatus,
} from '../lib/service-requests';
import { AdminSection, Pager } from './admin-section';
import { MarkStatusButton, ServiceStatusBadge, ServiceStatusFilterBox } from './service-controls';

function FileRow({ requestId, file }: { requestId: number; file: PrintRequestFile }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadPrintFile(requestId, file);
    } catch (error) {
      notify('error', withReason(`Could not download ${file.filename}`, reasonOf(error)));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <li className="ad:flex ad:flex-wrap ad:items-center ad:justify-between ad:gap-2 ad:rounded-md ad:border ad:border-slate-200 ad:px-3 ad:py-2">
      <div className="ad:min-w-0">
        <p className="ad:font-medium ad:break-all ad:text-slate-900">{file.filename}</p>
        <p className="ad:text-slate-700">
          {formatBytes(file.sizeBytes)}
          {file.isStl && file.sizeMm && <> · Size {formatSizeCm(file.sizeMm)}</>}
          {file.isStl && file.volumeMm3 !== null && <> · Volume {formatVolumeCm3(file.volumeMm3)}</>}
          {!file.isStl && <> · not STL</>}
        </p>
      </div>
      <button
        type="button"
        className={`${secondaryButton} ad:py-1.5`}
        aria-label={`Download ${file.filename}`}
        disabled={downloading}
        onClick={() => void download()}
      >
        {downloading ? 'Downloading...' : 'Download'}
      </button>
    </li>
  );
}

function PrintRequestCard({ request, busy, onMark }: { request: AdminPrintRequest; busy: boolean; onMark: (status: ServiceStatus) => void }) {
  const headingId = useId();
  const dimensions = formatDimensionsCm(request.dimensionsCm);
  return (
    <article aria-labelledby={headingId} className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:shadow-sm">
      <header className="ad:flex ad:flex-wrap ad:items-start ad:justify-between ad:gap-3 ad:border-b ad:border-slate-200 ad:px-4 ad:py-3">
        <div className="ad:min-w-0">
          <h3 id={headingId} className="ad:font-semibold ad:break-words ad:text-slate-900">
            Request {request.id} from {request.name}
          </h3>
          <p className="ad:text-sm ad:text-slate-700">
            <time dateTime={request.createdAt}>{formatOrderDate(request.createdAt)}</time>
          </p>
        </div>
        <ServiceStatusBadge status={request.status} />
      </header>
      <div className="ad:grid ad:gap-4 ad:px-4 ad:py-3 ad:text-sm ad:text-slate-800 ad:sm:grid-cols-2">
        <dl className="ad:grid ad:grid-cols-[auto_1fr] ad:content-start ad:gap-x-3 ad:gap-y-1">
          <dt className="ad:font-medium ad:text-slate-600">Phone</dt>
          <dd>
            <a href={`tel:${request.phone}`} className="ad:text-brand-700 ad:underline">
              {request.phone}
            </a>
          </dd>
          <dt className="ad:font-medium ad:text-slate-600">Email</dt>
          <dd className="ad:break-all">
            {request.email ? (
              <a href={`mailto:${request.email}`} className="ad:text-brand-700 ad:underline">
                {request.email}
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt className="ad:font-medium ad:text-slate-600">Reason</dt>
          <dd className="ad:break-words">{request.reason}</dd>
          <dt className="ad:font-medium ad:text-slate-600">2D to 3D</dt>
          <dd>{request.is2DTo3D ? 'Yes' : 'No'}</dd>
          <dt className="ad:font-medium ad:text-slate-600">Dimensions</dt>
          <dd>{dimensions ?? 'Not given'}</dd>
          <dt className="ad:font-medium ad:text-slate-600">Price</dt>
          <dd className="ad:font-semibold ad:text-slate-900">{formatRupees(request.price)}</dd>
        </dl>
        <div className="ad:flex ad:min-w-0 ad:flex-col ad:gap-3">
          <div>
            <h4 className="ad:font-medium ad:text-slate-600">Message</h4>
            <p className="ad:mt-1 ad:whitespace-pre-line ad:break-words">{request.message}</p>
          </div>
          <div>
            <MarkStatusButton status={request.status} busy={busy} onMark={onMark} describedBy={headingId} />
          </div>
        </div>
        <div className="ad:sm:col-span-2">
          <h4 className="ad:font-medium ad:text-slate-600">Files ({request.files.length})</h4>
          <ul aria-label={`Files of request ${request.id}`} className="ad:mt-1 ad:flex ad:flex-col ad:gap-2">
            {request.files.map((file) => (
              <FileRow key={file.id} requestId={request.id} file={file} />
            ))}
          </ul>
        </div>
      </div>
    </article>
  );
}

/** 3D printing requests (issue 6): newest first, filtered by status, 25 per page (server-side), files to download, marked handled or new. */
export function PrintRequestsSection() {
  const [filters, setFilters] = useState<ServiceFilters>(initialServiceFilters);
  const requests = useAdminPrintRequests(filters);
  const update = useUpdatePrintRequestStatus();

  useEffect(() => {
    if (requests.error) notify('error', withReason('Could not load the 3D printing requests', reasonOf(requests.error)));
  }, [requests.error]);

  const set = (change: Partial<ServiceFilters>) => setFilters(changeServiceFilters(filters, change));

  const mark = async (id: number, status: ServiceStatus) => {
    try {
      await update.mutateAsync({ id, status });
      notify('success', status === 'handled' ? `Request ${id} marked handled` : `Request ${id} marked new`);
    } catch (error) {
      notify('error', withReason('Could not update the request', reasonOf(error)));
    }
  };

  const data = requests.data;
  return (
    <AdminSection
      title="3D Printing Requests"
      actions={
        <button type="button" className={secondaryButton} onClick={() => void requests.refetch()} disabled={requests.isFetching}>
          Refresh
        </button>
      }
    >
      <ServiceStatusFilterBox label="Filter 3D printing requests" value={filters.status} onChange={(status) => set({ status })} />
      {requests.isPending ? (
        <Spinner label="Loading 3D printing requests" />
      ) : requests.isError && !data ? (
        <p role="alert" className="ad:text-red-700">
          {reasonOf(requests.error) ?? 'Could not load the 3D printing requests.'}
        </p>
      ) : (
        <>
          <p className="ad:text-sm ad:text-slate-700" aria-live="polite">
            {data?.total ?? 0} {data?.total === 1 ? 'request' : 'requests'}
          </p>
          <ul aria-label="3D printing requests" className={`ad:flex ad:flex-col ad:gap-4 ${requests.isFetching ? 'ad:opacity-70' : ''}`}>
            {data?.requests.map((request) => (
              <li key={request.id}>
                <PrintRequestCard
                  request={request}
                  busy={update.isPending && update.variables?.id === request.id}
                  onMark={(status) => void mark(request.id, status)}
                />
              </li>
            ))}
          </ul>
          {data && data.requests.length === 0 && <p className="ad:text-slate-700">No requests match this filter.</p>}
          <Pager page={filters.page} pages={pageCount(data?.total ?? 0, data?.pageSize ?? 25)} onPage={(page) => set({ page })} label="3D printing request pages" />
        </>
      )}
    </AdminSection>
  );
}
