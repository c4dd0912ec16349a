import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, pageOf, pageWindow } from './paging';

describe('paging', () => {
  it('turns a 1-based page into a window of rows', () => {
    expect(pageWindow(1, ADMIN_PAGE_SIZE)).toEqual({ limit: 25, offset: 0 });
    expect(pageWindow(3, 10)).toEqual({ limit: 10, offset: 20 });
    expect(pageWindow(0, 10)).toEqual({ limit: 10, offset: 0 });
  });
});

describe('pageOf', () => {
  const MailPage = pageOf('mails', z.object({ id: z.number() }));

  it('answers the rows under their key, then the total, the page and its size, all required', () => {
    const page = { mails: [{ id: 7 }], total: 31, page: 2, pageSize: ADMIN_PAGE_SIZE };
    expect(MailPage.parse(page)).toEqual(page);
    const schema = z.toJSONSchema(MailPage);
    expect(Object.keys(schema.properties ?? {})).toEqual(['mails', 'total', 'page', 'pageSize']);
    expect(schema.required).toEqual(['mails', 'total', 'page', 'pageSize']);
  });

  it('refuses a page without its rows or with rows of another shape', () => {
    expect(MailPage.safeParse({ total: 0, page: 1, pageSize: 25 }).success).toBe(false);
    expect(MailPage.safeParse({ mails: [{ id: 'x' }], total: 1, page: 1, pageSize: 25 }).success).toBe(false);
  });
});
