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
