import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, pageAnswer, pageOf, pageWindow } from './paging';

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

describe('pageAnswer', () => {
  it("makes the answer pageOf describes from a page's rows: each row's answer under the key, then the paging", () => {
    const read = { rows: [{ id: 7, to_address: 'a@example.com' }], total: 31, page: 2, pageSize: ADMIN_PAGE_SIZE };
    const answer = pageAnswer('mails', read, (r) => ({ id: r.id, to: r.to_address }));
    expect(answer).toEqual({ mails: [{ id: 7, to: 'a@example.com' }], total: 31, page: 2, pageSize: 25 });
    expect(pageOf('mails', z.object({ id: z.number(), to: z.string() })).parse(answer)).toEqual(answer);
    expect(pageAnswer('claims', { ...read, rows: read.rows.slice(0, 0) }, (r) => r.id)).toEqual({ claims: [], total: 31, page: 2, pageSize: 25 });
  });
});
