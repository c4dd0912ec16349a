import type { DimensionsCm, ServiceStatus } from '@shared/services.schemas';
import { queryString } from '@/lib/api-client';

export const SERVICE_STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'handled', label: 'Handled' },
] as const;
export type ServiceStatusFilter = (typeof SERVICE_STATUS_FILTERS)[number]['value'];

/** The status filter and page of the claims and 3D requests lists. */
export type ServiceFilters = { status: ServiceStatusFilter; page: number };

export const initialServiceFilters: ServiceFilters = { status: 'all', page: 1 };

/** Changing the status returns to page 1; changing only the page keeps the status. */
export function changeServiceFilters(current: ServiceFilters, change: Partial<ServiceFilters>): ServiceFilters {
  const next = { ...current, ...change };
  return next.status !== current.status ? { ...next, page: 1 } : next;
}

/** '?status=new&page=2', leaving out the defaults so the same list has one address. */
export function serviceQuery(filters: ServiceFilters): string {
  return queryString({
    status: filters.status === 'all' ? undefined : filters.status,
    page: filters.page > 1 ? filters.page : undefined,
  });
}

/** The status a 'Mark …' button moves an item to, and the button's text. */
export function toggleStatus(status: ServiceStatus): { status: ServiceStatus; label: string } {
  return status === 'new' ? { status: 'handled', label: 'Mark handled' } : { status: 'new', label: 'Mark new' };
}

const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Millimetres as centimetres with one decimal: 50 → '5.0'. */
export function mmToCm(mm: number): string {
  return oneDecimal.format(mm / 10);
}

/** An STL's bounding box: { x: 50, y: 20, z: 5 } → '5.0 × 2.0 × 0.5 cm'. */
export function formatSizeCm(sizeMm: { x: number; y: number; z: number }): string {
  return `${mmToCm(sizeMm.x)} × ${mmToCm(sizeMm.y)} × ${mmToCm(sizeMm.z)} cm`;
}

/** An STL's volume: 125000 mm³ → '125.0 cm³'. */
export function formatVolumeCm3(volumeMm3: number): string {
  return `${oneDecimal.format(volumeMm3 / 1000)} cm³`;
}

/** The size the customer asked for: 'L 10 × W 5 × H 3 cm', leaving out what was not given; null when none was. */
export function formatDimensionsCm({ length, width, height }: DimensionsCm): string | null {
  const parts = [
    ['L', length],
    ['W', width],
    ['H', height],
  ].flatMap(([label, value]) => (value === null || value === undefined ? [] : [`${label} ${Number(value)}`]));
  return parts.length ? `${parts.join(' × ')} cm` : null;
}

/** A file's size in bytes, KB or MB: 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}
