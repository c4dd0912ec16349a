import type { ReactNode } from 'react';

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
