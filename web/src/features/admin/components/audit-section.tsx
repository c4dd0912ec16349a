import { useState, type FormEvent } from 'react';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '@shared/audit.schemas';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { FormField } from '@/components/ui/form-field';
import { downloadAuditCsv, useAudit, type AuditFilters } from '../api/audit';
import { withToasts } from '../lib/admin-fetch';
import { AdminSection, PagedList, type ListWords } from './admin-section';

const words: ListWords = {
  loadingLabel: 'Loading the audit log',
  errorText: 'Could not load the audit log',
  count: ['entry', 'entries'],
  listLabel: 'Audit log',
  emptyText: 'Nothing matches these filters.',
  pagerLabel: 'Audit log pages',
};

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

function AuditLine({ entry }: { entry: AuditEntry }) {
  return (
    <article
      aria-label={`${entry.action} by ${entry.actor}`}
      className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-3 ad:text-sm ad:text-slate-800"
    >
      <p className="ad:flex ad:flex-wrap ad:gap-x-3">
        <time dateTime={entry.at} className="ad:font-medium">
          {new Date(entry.at).toLocaleString()}
        </time>
        <span className="ad:font-semibold">{entry.actor}</span>
        {entry.role && <span>({entry.role})</span>}
        <span>{entry.action}</span>
        <span className="ad:break-all">
          {entry.method} {entry.route} → {entry.status}
        </span>
        {entry.entity && <span>{entry.entity}</span>}
        {entry.ip && <span className="ad:text-slate-600">from {entry.ip}</span>}
      </p>
      {entry.changes && (
        <ul aria-label="Changes" className="ad:mt-1 ad:list-disc ad:pl-5">
          {Object.entries(entry.changes).map(([field, [before, after]]) => (
            <li key={field} className="ad:break-all">
              {field}: {show(before)} → {show(after)}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** The audit log (owner only): who did what, filtered by person, entity and date, exported as CSV. */
export function AuditSection() {
  const [draft, setDraft] = useState<AuditFilters>({});
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const audit = useAudit(filters, page);
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };

  return (
    <AdminSection
      title="Audit log"
      actions={
        <button
          type="button"
          className={secondaryButton}
          onClick={() => void withToasts(() => downloadAuditCsv(filters), 'Audit log exported', 'Could not export the audit log')}
        >
          Export CSV
        </button>
      }
    >
      <form onSubmit={apply} aria-label="Filter the audit log" className="ad:grid ad:items-end ad:gap-3 ad:sm:grid-cols-5">
        <FormField label="Person (username)" value={draft.actor ?? ''} onChange={set('actor')} />
        <FormField label="Entity (e.g. products:12)" value={draft.entity ?? ''} onChange={set('entity')} />
        <FormField label="From" type="date" value={draft.from ?? ''} onChange={set('from')} />
        <FormField label="To" type="date" value={draft.to ?? ''} onChange={set('to')} />
        <button type="submit" className={primaryButton}>
          Filter
        </button>
      </form>
      <PagedList
        query={audit}
        items={audit.data?.entries}
        itemKey={(e) => e.id}
        renderItem={(e) => <AuditLine entry={e} />}
        words={words}
        page={page}
        pageSize={AUDIT_PAGE_SIZE}
        onPage={setPage}
      />
    </AdminSection>
  );
}
