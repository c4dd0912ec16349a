import { z } from 'zod';

/** Rows per page of the admin lists: orders, mails, claims, 3D printing requests (SPEC.md §9). */
export const ADMIN_PAGE_SIZE = 25;

/** The rows a 1-based page stands for. */
export function pageWindow(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (Math.max(1, page) - 1) * pageSize };
}

/**
 * An admin list answered as an object (the outbox, the claims, the 3D printing requests): one page of
 * its rows under `key`, how many rows there are in all, the page and the page's size.
 */
export function pageOf<K extends string, T extends z.ZodType>(key: K, row: T) {
  const rows = { [key]: z.array(row) } as Record<K, z.ZodArray<T>>;
  return z.object({ ...rows, total: z.number(), page: z.number(), pageSize: z.number() });
}

/** One page of a list's rows as read, with how many there are in all, the page and its size. */
export interface PageOfRows<R> {
  rows: R[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The answer that `pageOf(key, row)` describes, made from a page of rows as read: each row made its
 * answer by `answer`, under `key`, then the total, the page and its size.
 */
export function pageAnswer<K extends string, R, A>(key: K, { rows, ...paging }: PageOfRows<R>, answer: (row: R) => A) {
  return { ...({ [key]: rows.map(answer) } as Record<K, A[]>), ...paging };
}
