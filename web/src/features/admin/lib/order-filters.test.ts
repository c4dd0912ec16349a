import { describe, expect, it } from 'vitest';
import { changeFilters, initialOrderFilters, ordersQuery, pageCount } from './order-filters';

describe('ordersQuery', () => {
  it('leaves out the default filters, and always pages (the server answers everything without a page)', () => {
    expect(ordersQuery(initialOrderFilters)).toBe('?page=1&pageSize=25');
  });

  it('combines status, period, trimmed search and page', () => {
    expect(ordersQuery({ status: 'placed', period: '6m', q: '  a@b.in ', page: 3 })).toBe('?status=placed&period=6m&q=a%40b.in&page=3&pageSize=25');
  });

  it('drops the page for the CSV export', () => {
    expect(ordersQuery({ status: 'delivered', period: 'all', q: '', page: 4 }, false)).toBe('?status=delivered');
  });
});

describe('changeFilters', () => {
  const onPage3 = { ...initialOrderFilters, page: 3 };

  it('returns to page 1 when the status, date or search changes', () => {
    expect(changeFilters(onPage3, { status: 'dispatched' })).toEqual({ ...initialOrderFilters, status: 'dispatched', page: 1 });
    expect(changeFilters(onPage3, { period: '1y' }).page).toBe(1);
    expect(changeFilters(onPage3, { q: 'order_1' }).page).toBe(1);
  });

  it('keeps the filters when only the page changes', () => {
    expect(changeFilters({ ...onPage3, status: 'placed' }, { page: 4 })).toEqual({ ...initialOrderFilters, status: 'placed', page: 4 });
  });

  it('keeps the page when the search only gains spaces', () => {
    expect(changeFilters({ ...onPage3, q: 'abc' }, { q: 'abc ' }).page).toBe(3);
  });
});

describe('pageCount', () => {
  it('is at least 1 and rounds up', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
