/** 'Ordered On' dates: en-US with a short month, hour and minute (SPEC.md §2), e.g. "Mar 5, 2025, 02:07 PM". */
export function formatOrderDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

export type StatusTone = 'grey' | 'yellow' | 'green' | 'red';

/** Badge colours (SPEC.md §4): grey placed, yellow dispatched, green delivered, red anything else. */
export function statusTone(status: string): StatusTone {
  switch (status.toLowerCase()) {
    case 'placed':
      return 'grey';
    case 'dispatched':
      return 'yellow';
    case 'delivered':
      return 'green';
    default:
      return 'red';
  }
}
