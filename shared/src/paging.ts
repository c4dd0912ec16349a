/** Rows per page of the admin lists: orders, mails, claims, 3D printing requests (SPEC.md §9). */
export const ADMIN_PAGE_SIZE = 25;

/** The rows a 1-based page stands for. */
export function pageWindow(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (Math.max(1, page) - 1) * pageSize };
}
