import { useId } from 'react';
import { secondaryButton } from '@/components/ui/button-styles';
import type { ServiceStatus } from '@shared/services.schemas';
import { SERVICE_STATUS_FILTERS, toggleStatus, type ServiceStatusFilter } from '../lib/service-requests';
import { controlClass, labelClass } from './field-styles';
import { Options } from './form-controls';
import { StatusBadge } from './status-badge';

/** The All / New / Handled filter of the claims and 3D requests lists. */
export function ServiceStatusFilterBox({
  value,
  onChange,
  label,
}: {
  value: ServiceStatusFilter;
  onChange: (status: ServiceStatusFilter) => void;
  /** The search region's name, e.g. 'Filter claims'. */
  label: string;
}) {
  const id = useId();
  return (
    <div
      role="search"
      aria-label={label}
      className="ad:grid ad:gap-3 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm ad:sm:grid-cols-3"
    >
      <div>
        <label htmlFor={id} className={labelClass}>
          Status
        </label>
        <select id={id} value={value} onChange={(e) => onChange(e.target.value as ServiceStatusFilter)} className={controlClass}>
          <Options of={SERVICE_STATUS_FILTERS} />
        </select>
      </div>
    </div>
  );
}

/** Yellow for new, green for handled. */
export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  return <StatusBadge status={status} tone={status === 'new' ? 'yellow' : 'green'} />;
}

/** 'Mark handled' on a new item, 'Mark new' on a handled one. */
export function MarkStatusButton({
  status,
  busy,
  onMark,
  describedBy,
}: {
  status: ServiceStatus;
  busy: boolean;
  onMark: (status: ServiceStatus) => void;
  /** The id of the item's heading, so the button is announced with it. */
  describedBy: string;
}) {
  const next = toggleStatus(status);
  return (
    <button type="button" className={`${secondaryButton} ad:py-1.5`} disabled={busy} aria-describedby={describedBy} onClick={() => onMark(next.status)}>
      {busy ? 'Saving...' : next.label}
    </button>
  );
}
