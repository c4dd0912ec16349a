import { useState } from 'react';
import { withReason } from '@shared/admin-messages';
import { formatRupees } from '@shared/money';
import type { AdminPrintRequest, PrintRequestFile } from '@shared/services.schemas';
import { secondaryButton } from '@/components/ui/button-styles';
import { notify } from '@/lib/notify';
import { downloadPrintFile, useAdminPrintRequests, useUpdatePrintRequestStatus } from '../api/print-requests';
import { reasonOf } from '../lib/admin-fetch';
import { formatBytes, formatDimensionsCm, formatSizeCm, formatVolumeCm3 } from '../lib/service-requests';
import { ContactLink, DetailList, ServiceCard, ServiceRequestsSection, serviceWords, type ServiceCardProps } from './service-requests-section';

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

function PrintRequestCard(card: ServiceCardProps<AdminPrintRequest>) {
  const request = card.item;
  const email = request.email ? <ContactLink href={`mailto:${request.email}`}>{request.email}</ContactLink> : '—';
  const details = [
    { term: 'Phone', value: <ContactLink href={`tel:${request.phone}`}>{request.phone}</ContactLink> },
    { term: 'Email', value: email, className: 'ad:break-all' },
    { term: 'Reason', value: request.reason, className: 'ad:break-words' },
    ...(request.invoice ? [{ term: 'Invoice', value: request.invoice, className: 'ad:break-all' }] : []),
    { term: '2D to 3D', value: request.is2DTo3D ? 'Yes' : 'No' },
    { term: 'Dimensions', value: formatDimensionsCm(request.dimensionsCm) ?? 'Not given' },
    { term: 'Price', value: formatRupees(request.price), className: 'ad:font-semibold ad:text-slate-900' },
  ];
  return (
    <ServiceCard
      {...card}
      heading={`Request ${request.id} from ${request.name}`}
      details={<DetailList rows={details} />}
      aside={
        <div>
          <h4 className="ad:font-medium ad:text-slate-600">Message</h4>
          <p className="ad:mt-1 ad:whitespace-pre-line ad:break-words">{request.message}</p>
        </div>
      }
      asideClassName="ad:flex ad:min-w-0 ad:flex-col ad:gap-3"
    >
      <div className="ad:sm:col-span-2">
        <h4 className="ad:font-medium ad:text-slate-600">Files ({request.files.length})</h4>
        <ul aria-label={`Files of request ${request.id}`} className="ad:mt-1 ad:flex ad:flex-col ad:gap-2">
          {request.files.map((file) => (
            <FileRow key={file.id} requestId={request.id} file={file} />
          ))}
        </ul>
      </div>
    </ServiceCard>
  );
}

const words = serviceWords('3D Printing Requests', ['request', 'requests'], ['3D printing request', '3D printing requests']);

/** 3D printing requests (issue 6): newest first, filtered by status, 25 per page (server-side), files to download, marked handled or new. */
export function PrintRequestsSection() {
  return (
    <ServiceRequestsSection
      words={words}
      useList={useAdminPrintRequests}
      itemsOf={(page) => page.requests}
      useUpdate={useUpdatePrintRequestStatus}
      Card={PrintRequestCard}
    />
  );
}
