import { useState } from 'react';
import { NOTIFY_PAGE_SIZE } from '@shared/notify.schemas';
import { formatOrderDate } from '@/features/orders/lib/order-format';
import { downloadNotifyCsv, useNotifyList } from '../api/notify-list';
import { pageCount } from '../lib/order-filters';
import { reasonOf } from '../lib/admin-fetch';
import { AdminSection, ListCount, Pager, QueryBody } from './admin-section';
import { ExportCsvButton } from './export-csv-button';

/** The addresses left on the coming-soon page, with a CSV export for a mailing tool. */
export function NotifySection() {
  const [page, setPage] = useState(1);
  const list = useNotifyList(page);
  return (
    <AdminSection title="Notify Me list" actions={<ExportCsvButton download={downloadNotifyCsv} failed={(reason) => reason ?? 'Could not export the list'} />}>
      <QueryBody query={list} loadingLabel="Loading the list" errorText={reasonOf(list.error) ?? 'Could not load the list.'}>
        {(data) => (
          <>
            <ListCount total={data.total} noun={['address', 'addresses']} />
            <ul aria-label="Notify Me addresses" className="ad:divide-y ad:divide-slate-200 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:text-sm">
              {data.signups.map((s) => (
                <li key={s.id} className="ad:flex ad:flex-wrap ad:justify-between ad:gap-2 ad:px-3 ad:py-2">
                  <span className="ad:break-all ad:text-slate-900">{s.email}</span>
                  <time dateTime={s.createdAt} className="ad:text-slate-600">
                    {formatOrderDate(s.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
            <Pager page={page} pages={pageCount(data.total, NOTIFY_PAGE_SIZE)} onPage={setPage} label="Notify Me pages" />
          </>
        )}
      </QueryBody>
    </AdminSection>
  );
}
