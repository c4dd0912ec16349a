// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListEnd, listWords } from './admin-section';

afterEach(cleanup);

const words = { emptyText: 'No customers match.', pagerLabel: 'Customer pages' };

describe('ListEnd: the end of a page of an admin list', () => {
  it('says the page is empty only when it has no items, not while there is no answer yet', () => {
    const { rerender } = render(<ListEnd shown={0} total={0} pageSize={25} page={1} onPage={() => {}} {...words} />);
    expect(screen.getByText('No customers match.')).toBeTruthy();
    rerender(<ListEnd shown={undefined} total={0} pageSize={25} page={1} onPage={() => {}} {...words} />);
    expect(screen.queryByText('No customers match.')).toBeNull();
    rerender(<ListEnd shown={3} total={3} pageSize={25} page={1} onPage={() => {}} {...words} />);
    expect(screen.queryByText('No customers match.')).toBeNull();
  });

  it('has no pager for one page, and pages by the page size otherwise', () => {
    const onPage = vi.fn();
    const { rerender } = render(<ListEnd shown={25} total={25} pageSize={25} page={1} onPage={onPage} {...words} />);
    expect(screen.queryByRole('navigation', { name: 'Customer pages' })).toBeNull();
    rerender(<ListEnd shown={25} total={26} pageSize={25} page={1} onPage={onPage} {...words} />);
    expect(screen.getByRole('navigation', { name: 'Customer pages' }).textContent).toContain('Page 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});

describe('listWords: what a paged admin list says, from its nouns', () => {
  it('names the list by its noun', () => {
    expect(listWords(['return', 'returns'])).toEqual({
      loadingLabel: 'Loading returns',
      errorText: 'Could not load the returns.',
      count: ['return', 'returns'],
      listLabel: 'Returns',
      emptyText: 'No returns match this filter.',
      pagerLabel: 'Return pages',
    });
  });

  it('counts by the noun and names the list, its loading and its pages by the longer name', () => {
    expect(listWords(['request', 'requests'], ['3D printing request', '3D printing requests'])).toEqual({
      loadingLabel: 'Loading 3D printing requests',
      errorText: 'Could not load the 3D printing requests.',
      count: ['request', 'requests'],
      listLabel: '3D printing requests',
      emptyText: 'No requests match this filter.',
      pagerLabel: '3D printing request pages',
    });
  });
});
