import { useEffect, useId, useState, type ComponentType, type ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { withReason } from '@shared/admin-messages';
import { secondaryButton } from '@/components/ui/button-styles';
import { notify } from '@/lib/notify';
import { reasonOf, withToasts } from '../lib/admin-fetch';
import type { ServiceStatus } from '@shared/services.schemas';
import { changeServiceFilters, initialServiceFilters, type ServiceFilters } from '../lib/service-requests';
import { AdminCard, AdminSection, capitalised, listWords, PagedList, type ListWords } from './admin-section';
import { MarkStatusButton, ServiceStatusBadge, ServiceStatusFilterBox } from './service-controls';

/**
 * A claim's or a 3D printing request's card: heading, date and status above its details, a second
 * column (`aside`) that ends with the 'Mark …' button, and anything wider below (`children`).
 */
export function ServiceCard({
  item: { createdAt, status },
  busy,
  onMark,
  heading,
  details,
  aside,
  asideClassName = 'ad:flex ad:flex-col ad:gap-3',
  children,
}: {
  heading: ReactNode;
  details: ReactNode;
  aside: ReactNode;
  asideClassName?: string;
  children?: ReactNode;
} & ServiceCardProps<{ createdAt: string; status: ServiceStatus }>) {
  const headingId = useId();
  return (
    <AdminCard headingId={headingId} heading={heading} headingBreak="ad:break-words" createdAt={createdAt} badges={<ServiceStatusBadge status={status} />}>
      {details}
      <div className={asideClassName}>
        {aside}
        <div>
          <MarkStatusButton status={status} busy={busy} onMark={onMark} describedBy={headingId} />
        </div>
      </div>
      {children}
    </AdminCard>
  );
}

/** Terms and their values, e.g. Name: …, Email: …; a value's `className` says e.g. how a long one breaks. */
export function DetailList({ rows }: { rows: { term: string; value: ReactNode; className?: string }[] }) {
  return (
    <dl className="ad:grid ad:grid-cols-[auto_1fr] ad:content-start ad:gap-x-3 ad:gap-y-1">
      {rows.map(({ term, value, className }) => [
        <dt key={`${term}-term`} className="ad:font-medium ad:text-slate-600">
          {term}
        </dt>,
        <dd key={`${term}-value`} className={className}>
          {value}
        </dd>,
      ])}
    </dl>
  );
}

/** A link in a card: mailto: or tel:. */
export function ContactLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} className="ad:text-brand-700 ad:underline">
      {children}
    </a>
  );
}

/** What a list gives each card: the item, and whether and how to mark it. */
export type ServiceCardProps<T> = { item: T; busy: boolean; onMark: (status: ServiceStatus) => void };

/** A list's words (`listWords`), the section's title, and the words of its toasts and filter. */
export type ServiceWords = ListWords & {
  title: string;
  /** What the list holds, after 'Filter' and 'Could not load the': 'claims'. */
  list: string;
  /** One item by its number: 'Claim' → 'Claim 7 marked handled'. */
  item: string;
};

/** The words of the section `title` listing `noun` (['claim', 'claims']), the list named `listNoun` where that says more. */
export function serviceWords(title: string, noun: [string, string], listNoun: [string, string] = noun): ServiceWords {
  return { ...listWords(noun, listNoun), title, list: listNoun[1], item: capitalised(noun[0]) };
}

/**
 * The free claims and the 3D printing requests (issue 6): newest first, filtered by status, 25 per
 * page (server-side), each marked handled or new.
 */
export function ServiceRequestsSection<T extends { id: number }, Page extends { total: number; pageSize: number }>({
  words,
  useList,
  itemsOf,
  useUpdate,
  Card,
}: {
  words: ServiceWords;
  useList: (filters: ServiceFilters) => UseQueryResult<Page>;
  itemsOf: (page: Page) => T[];
  useUpdate: () => UseMutationResult<unknown, Error, { id: number; status: ServiceStatus }>;
  /** One item's card, with its 'Mark …' button busy while its status changes. */
  Card: ComponentType<ServiceCardProps<T>>;
}) {
  const [filters, setFilters] = useState<ServiceFilters>(initialServiceFilters);
  const list = useList(filters);
  const update = useUpdate();

  useEffect(() => {
    if (list.error) notify('error', withReason(`Could not load the ${words.list}`, reasonOf(list.error)));
  }, [list.error, words.list]);

  const set = (change: Partial<ServiceFilters>) => setFilters(changeServiceFilters(filters, change));

  const mark = async (id: number, status: ServiceStatus) => {
    await withToasts(
      () => update.mutateAsync({ id, status }),
      `${words.item} ${id} marked ${status === 'handled' ? 'handled' : 'new'}`,
      `Could not update the ${words.count[0]}`,
    );
  };

  const data = list.data;
  return (
    <AdminSection
      title={words.title}
      actions={
        <button type="button" className={secondaryButton} onClick={() => void list.refetch()} disabled={list.isFetching}>
          Refresh
        </button>
      }
    >
      <ServiceStatusFilterBox label={`Filter ${words.list}`} value={filters.status} onChange={(status) => set({ status })} />
      <PagedList
        query={list}
        items={data && itemsOf(data)}
        itemKey={(item) => item.id}
        renderItem={(item) => <Card item={item} busy={update.isPending && update.variables?.id === item.id} onMark={(status) => void mark(item.id, status)} />}
        words={words}
        showReason
        page={filters.page}
        onPage={(page) => set({ page })}
      />
    </AdminSection>
  );
}
