import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatOrderDate } from '@/features/orders/lib/order-format';
import { ADMIN_PAGE_SIZE } from '@shared/paging';
import { reasonOf } from '../lib/admin-fetch';
import { pageCount } from '../lib/order-filters';

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
export function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
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

/** The end of a page of an admin list: a note when the page has no items (`shown` 0), then the pager. */
export function ListEnd({
  shown,
  total,
  pageSize,
  emptyText,
  page,
  onPage,
  pagerLabel,
}: {
  shown: number | undefined;
  total: number;
  pageSize: number;
  emptyText: string;
  page: number;
  onPage: (page: number) => void;
  pagerLabel: string;
}) {
  return (
    <>
      {shown === 0 && <p className="ad:text-slate-700">{emptyText}</p>}
      <Pager page={page} pages={pageCount(total, pageSize)} onPage={onPage} label={pagerLabel} />
    </>
  );
}

/** How many items a list has in all: '1 claim', '25 claims'; `live` announces a change (filters, pages). */
export function ListCount({ total, noun: [one, many], live = false }: { total: number; noun: [string, string]; live?: boolean }) {
  return (
    <p className="ad:text-sm ad:text-slate-700" aria-live={live ? 'polite' : undefined}>
      {total} {total === 1 ? one : many}
    </p>
  );
}

/**
 * What a section shows of its query: a spinner while it loads, the error when it failed (with
 * `keepData`, only when there is no earlier answer to keep showing), else `children` of the data.
 */
export function QueryBody<D>({
  query,
  loadingLabel,
  errorText,
  keepData = false,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: D };
  loadingLabel: string;
  errorText: string;
  keepData?: boolean;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError && !(keepData && query.data)) {
    return (
      <p role="alert" className="ad:text-red-700">
        {errorText}
      </p>
    );
  }
  // Past loading and error there is an answer: a query is pending until its first one.
  return children(query.data as D);
}

/** What a paged admin list says: while it loads, when it failed, how many it holds, its name, when none match, its pager's name. */
export type ListWords = {
  loadingLabel: string;
  errorText: string;
  /** The noun of one item and of several: ['claim', 'claims']. */
  count: [string, string];
  listLabel: string;
  emptyText: string;
  pagerLabel: string;
};

/** 'claim' → 'Claim'. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The words of a paged list of `noun` (['return', 'returns']), itself named `listNoun` where that
 * says more (['3D printing request', '3D printing requests'] of 'request'): 'Loading returns',
 * 'Could not load the returns.', 'Returns', 'No returns match this filter.', 'Return pages'.
 */
export function listWords(noun: [string, string], listNoun: [string, string] = noun): ListWords {
  const [one, many] = listNoun;
  return {
    loadingLabel: `Loading ${many}`,
    errorText: `Could not load the ${many}.`,
    count: noun,
    listLabel: capitalised(many),
    emptyText: `No ${noun[1]} match this filter.`,
    pagerLabel: `${capitalised(one)} pages`,
  };
}

/**
 * The body of a paged admin list: a spinner while the first page loads, the error when there is
 * nothing to show (with `showReason`, the server's reason when it gave one), else the count, the
 * items (dimmed while the next page loads), a note when none match, and the pager (its page count
 * from the answer's page size, else `pageSize`, else the admin lists' 25).
 */
export function PagedList<T>({
  query,
  items,
  itemKey,
  renderItem,
  words,
  showReason = false,
  page,
  pageSize = ADMIN_PAGE_SIZE,
  onPage,
}: {
  query: { isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; data?: { total: number; pageSize?: number } };
  items: T[] | undefined;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  words: ListWords;
  showReason?: boolean;
  page: number;
  /** The page size when the answer does not carry it. */
  pageSize?: number;
  onPage: (page: number) => void;
}) {
  const errorText = (showReason ? reasonOf(query.error) : null) ?? words.errorText;
  return (
    <QueryBody query={query} loadingLabel={words.loadingLabel} errorText={errorText} keepData>
      {(data) => (
        <>
          <ListCount total={data.total} noun={words.count} live />
          <ul aria-label={words.listLabel} className={`ad:flex ad:flex-col ad:gap-4 ${query.isFetching ? 'ad:opacity-70' : ''}`}>
            {items?.map((item) => (
              <li key={itemKey(item)}>{renderItem(item)}</li>
            ))}
          </ul>
          <ListEnd
            shown={items?.length}
            total={data.total}
            pageSize={data.pageSize ?? pageSize}
            emptyText={words.emptyText}
            page={page}
            onPage={onPage}
            pagerLabel={words.pagerLabel}
          />
        </>
      )}
    </QueryBody>
  );
}

/** A card of an admin list (an order, a claim, a 3D printing request): heading and date with badges beside them, details below in two columns. */
export function AdminCard({
  headingId,
  heading,
  headingBreak,
  createdAt,
  badges,
  children,
  footer,
}: {
  headingId: string;
  heading: ReactNode;
  /** How a long heading breaks: anywhere (ids) or between words. */
  headingBreak: 'ad:break-all' | 'ad:break-words';
  createdAt: string;
  badges: ReactNode;
  children: ReactNode;
  /** Below the two columns, full width. */
  footer?: ReactNode;
}) {
  return (
    <article aria-labelledby={headingId} className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:shadow-sm">
      <header className="ad:flex ad:flex-wrap ad:items-start ad:justify-between ad:gap-3 ad:border-b ad:border-slate-200 ad:px-4 ad:py-3">
        <div className="ad:min-w-0">
          <h3 id={headingId} className={`ad:font-semibold ${headingBreak} ad:text-slate-900`}>
            {heading}
          </h3>
          <p className="ad:text-sm ad:text-slate-700">
            <time dateTime={createdAt}>{formatOrderDate(createdAt)}</time>
          </p>
        </div>
        {badges}
      </header>
      <div className="ad:grid ad:gap-4 ad:px-4 ad:py-3 ad:text-sm ad:text-slate-800 ad:sm:grid-cols-2">{children}</div>
      {footer}
    </article>
  );
}
