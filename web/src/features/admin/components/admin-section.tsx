import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';

/** A dashboard section: its heading (focused when chosen in the sidebar), optional buttons beside it, and content. */
export function AdminSection({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="admin-section-heading" className="ad:flex ad:flex-col ad:gap-4">
      <div className="ad:flex ad:flex-wrap ad:items-center ad:justify-between ad:gap-3">
        <h2 id="admin-section-heading" tabIndex={-1} className="ad:text-xl ad:font-bold ad:text-slate-900 ad:outline-none">
          {title}
        </h2>
        {actions && <div className="ad:flex ad:flex-wrap ad:gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** Previous / Page n of m / Next. */
export function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (pages <= 1) return null;
  const button =
    'ad:rounded-md ad:border ad:border-slate-300 ad:bg-white ad:px-3 ad:py-1.5 ad:font-medium ad:text-slate-800 ad:hover:bg-slate-50 ad:disabled:cursor-not-allowed ad:disabled:opacity-50';
  return (
    <nav aria-label={label} className="ad:flex ad:flex-wrap ad:items-center ad:justify-center ad:gap-3">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="ad:text-sm ad:text-slate-700" aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/**
 * The body of a paged admin list: a spinner while the first page loads, the error when there is
 * nothing to show, else the count, the items (dimmed while the next page loads), a note when none
 * match, and the pager.
 */
export function PagedList<T>({
  query,
  items,
  itemKey,
  renderItem,
  loadingLabel,
  errorText,
  count,
  listLabel,
  emptyText,
  page,
  pages,
  onPage,
  pagerLabel,
}: {
  query: { isPending: boolean; isError: boolean; isFetching: boolean; data?: { total: number } };
  items: T[] | undefined;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  loadingLabel: string;
  errorText: string;
  /** The noun of one item and of several: ['claim', 'claims']. */
  count: [string, string];
  listLabel: string;
  emptyText: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  pagerLabel: string;
}) {
  const data = query.data;
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError && !data) {
    return (
      <p role="alert" className="ad:text-red-700">
        {errorText}
      </p>
    );
  }
  return (
    <>
      <p className="ad:text-sm ad:text-slate-700" aria-live="polite">
        {data?.total ?? 0} {data?.total === 1 ? count[0] : count[1]}
      </p>
      <ul aria-label={listLabel} className={`ad:flex ad:flex-col ad:gap-4 ${query.isFetching ? 'ad:opacity-70' : ''}`}>
        {items?.map((item) => <li key={itemKey(item)}>{renderItem(item)}</li>)}
      </ul>
      {items && items.length === 0 && <p className="ad:text-slate-700">{emptyText}</p>}
      <Pager page={page} pages={pages} onPage={onPage} label={pagerLabel} />
    </>
  );
}
