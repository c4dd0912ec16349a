import { useState } from 'react';
import { NOTIFY_PAGE_SIZE } from '@shared/notify.schemas';
import { secondaryButton } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { formatOrderDate } from '../../orders/lib/order-format';
import { downloadNotifyCsv, useNotifyList } from '../api/notify-list';
import { pageCount } from '../lib/order-filters';
import { reasonOf } from '../lib/admin-fetch';
import { AdminSection, Pager } from './admin-section';

/** The addresses left on the coming-soon page, with a CSV export for a mailing tool. */
export function NotifySection() {
  const [page, setPage] = useState(1);
  const list = useNotifyList(page);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadNotifyCsv();
    } catch (error) {
      notify('error', reasonOf(error) ?? 'Could not export the list');
    } finally {
      setExporting(false);
    }
  };
  return (
    <AdminSection
      title="Notify Me list"
      actions={
        <button type="button" className={secondaryButton} onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? 'Exporting...' : 'Export CSV'}
        </button>
      }
    >
      {list.isPending ? (
        <Spinner label="Loading the list" />
      ) : list.isError ? (
        <p role="alert" className="ad:text-red-700">
          {reasonOf(list.error) ?? 'Could not load the list.'}
        </p>
      ) : (
        <>
          <p className="ad:text-sm ad:text-slate-700">
            {list.data.total} {list.data.total === 1 ? 'address' : 'addresses'}
          </p>
          <ul aria-label="Notify Me addresses" className="ad:divide-y ad:divide-slate-200 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:text-sm">
            {list.data.signups.map((s) => (
              <li key={s.id} className="ad:flex ad:flex-wrap ad:justify-between ad:gap-2 ad:px-3 ad:py-2">
                <span className="ad:break-all ad:text-slate-900">{s.email}</span>
                <time dateTime={s.createdAt} className="ad:text-slate-600">
                  {formatOrderDate(s.createdAt)}
                </time>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pageCount(list.data.total, NOTIFY_PAGE_SIZE)} onPage={setPage} label="Notify Me pages" />
        </>
      )}
    </AdminSection>
  );
}
