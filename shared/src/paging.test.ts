import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, pageWindow } from './paging';

describe('paging', () => {
  it('turns a 1-based page into a window of rows', () => {
    expect(pageWindow(1, ADMIN_PAGE_SIZE)).toEqual({ limit: 25, offset: 0 });
    expect(pageWindow(3, 10)).toEqual({ limit: 10, offset: 20 });
    expect(pageWindow(0, 10)).toEqual({ limit: 10, offset: 0 });
  });
});
