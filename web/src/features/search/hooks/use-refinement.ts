import { useSearchParams } from 'react-router';
import { refinementFrom, refinementParams, type Refinement } from '@shared/search-filters';

const KEYS = ['sort', 'minPrice', 'maxPrice', 'inStock', 'category', 'option'];

/**
 * The filters and order of a results page, kept in its URL (shareable; each change is a history
 * entry, so Back undoes it and a product page's Back returns to them). Other parameters (`q`)
 * stay; the page number goes back to the first.
 */
export function useRefinement(): [Refinement, (next: Refinement) => void] {
  const [params, setParams] = useSearchParams();
  const refinement = refinementFrom(params);
  const set = (next: Refinement) => {
    const kept = [...params].filter(([k]) => !KEYS.includes(k) && k !== 'page');
    setParams(new URLSearchParams([...kept, ...refinementParams(next)]), { preventScrollReset: true });
  };
  return [refinement, set];
}
