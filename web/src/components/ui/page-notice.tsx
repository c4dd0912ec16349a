import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { primaryButton } from './button-styles';
import { PageMeta } from './page-meta';

/** A page that only says one thing (not found, empty, sign in first): its heading, then what to do next. */
export function PageNotice({
  heading,
  title,
  children,
}: {
  heading: string;
  /** The tab's title, when the page sets it. */ title?: string;
  children: ReactNode;
}) {
  return (
    <div className="py-16 text-center">
      {title && <PageMeta title={title} />}
      <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
      {children}
    </div>
  );
}

/** The way on from a page notice: a link that looks like the main button. */
export function NoticeLink({ to, state, children }: { to: string; state?: unknown; children: string }) {
  return (
    <Link to={to} state={state} className={`${primaryButton} mt-6`}>
      {children}
    </Link>
  );
}
