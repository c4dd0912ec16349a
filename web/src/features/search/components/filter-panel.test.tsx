// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useRefinement } from '../hooks/use-refinement';
import { FilterPanel } from './filter-panel';

/** A results page's filters as the search page wires them: the refinement lives in the URL. */
function Results() {
  const [refinement, setRefinement] = useRefinement();
  const { search } = useLocation();
  return (
    <>
      <output aria-label="Address">{search}</output>
      <FilterPanel refinement={refinement} onChange={setRefinement} facets={undefined} showCategories={false} />
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/searchquer', element: <Results /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

const address = () => new URLSearchParams(screen.getByRole('status', { name: 'Address' }).textContent ?? '');

afterEach(cleanup);

describe('search filters in the URL', () => {
  it('puts a filter in the address, keeps the search text and goes back to the first page', () => {
    renderAt('/searchquer?q=drone&page=3');
    fireEvent.click(screen.getByRole('checkbox', { name: /In stock only/ }));
    expect([...address()]).toEqual([
      ['q', 'drone'],
      ['inStock', '1'],
    ]);
    expect(screen.getByRole('checkbox', { name: /In stock only/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeDefined();
  });

  it('reads the filters from the address, puts a typed price range in order and clears them all', () => {
    renderAt('/searchquer?q=kit&inStock=1&sort=price_asc');
    expect(screen.getByRole('checkbox', { name: /In stock only/ })).toHaveProperty('checked', true);

    fireEvent.change(screen.getByLabelText('Min price (₹)'), { target: { value: '900' } });
    fireEvent.change(screen.getByLabelText('Max price (₹)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(address().get('minPrice')).toBe('100');
    expect(address().get('maxPrice')).toBe('900');
    expect(address().get('inStock')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The order of the results is no filter: it stays.
    expect([...address()]).toEqual([
      ['q', 'kit'],
      ['sort', 'price_asc'],
    ]);
  });

  it('drops what does not parse in a hand-edited address', () => {
    renderAt('/searchquer?q=kit&minPrice=abc&inStock=1');
    expect(screen.getByRole('checkbox', { name: /In stock only/ })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Min price (₹)')).toHaveProperty('value', '');
  });

  it('makes each change a history entry: Back undoes it', async () => {
    const router = renderAt('/searchquer?q=kit');
    fireEvent.click(screen.getByRole('checkbox', { name: /In stock only/ }));
    expect(address().get('inStock')).toBe('1');
    await act(() => router.navigate(-1));
    expect(address().get('inStock')).toBeNull();
    expect(screen.getByRole('checkbox', { name: /In stock only/ })).toHaveProperty('checked', false);
  });
});
