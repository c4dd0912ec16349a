import { Link, useSearchParams } from 'react-router';
import { messages } from '@shared/messages';
import { primaryButton } from '@/components/ui/button-styles';
import { PageMeta } from '@/components/ui/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { isRefined } from '@shared/search-filters';
import { useFacets } from '@/features/search/api/get-facets';
import { useSearchProducts } from '@/features/search/api/search-products';
import { FilterPanel } from '@/features/search/components/filter-panel';
import { SearchResultCard } from '@/features/search/components/search-result-card';
import { NoFilteredResults, SortSelect } from '@/features/search/components/sort-select';
import { useRefinement } from '@/features/search/hooks/use-refinement';
import { isNotFound } from '@/lib/api-client';

export function SearchRoute() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [refinement, setRefinement] = useRefinement();
  const search = useSearchProducts(query, refinement);
  const facets = useFacets(query || undefined, refinement);

  // No words to search for: say so rather than 'Search Results for ""'.
  if (query === '') {
    return (
      <div className="py-16 text-center">
        <PageMeta title="Search" />
        <h1 className="text-2xl font-bold text-slate-900">Search the shop</h1>
        <p className="mt-2 text-slate-700">Type what you are looking for in the search box above, for example “drone kit”.</p>
      </div>
    );
  }
  if (search.isPending && !search.data) return <Spinner label="Loading search results" />;

  if (isNotFound(search.error)) {
    return (
      <div className="py-16 text-center">
        <PageMeta title={messages.productNotFound} />
        <p className="text-6xl font-bold text-slate-500">404</p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">{messages.productNotFound}</h1>
        <p className="mt-2 text-slate-700">Nothing in the shop matches “{query}”.</p>
        <Link to="/" className={`${primaryButton} mt-6`}>
          Home Page
        </Link>
      </div>
    );
  }

  // Any other failure shows an empty result list (SPEC.md §2).
  const products = search.data ?? [];
  return (
    <>
      <PageMeta title={`Search results for ${query}`} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{messages.searchResultsFor(query)}</h1>
      <div className="flex flex-col gap-6 md:flex-row">
        <FilterPanel refinement={refinement} onChange={setRefinement} facets={facets.data} showCategories />
        <div className="min-w-0 flex-1">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600" aria-live="polite">
              {facets.data && isRefined(refinement) ? `${facets.data.total === 1 ? '1 product' : `${facets.data.total} products`}` : ''}
            </p>
            <SortSelect refinement={refinement} onChange={setRefinement} defaultLabel="Relevance" />
          </div>
          {products.length === 0 && isRefined(refinement) ? (
            <NoFilteredResults onClear={() => setRefinement({})} />
          ) : (
            <ul aria-label="Search results" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {/* Only the first result's picture is fetched at once and first: it is the page's largest
                  element on a phone, and a second one at high priority would share its bandwidth
                  (and count as part of the largest paint for Lighthouse). The others load lazily. */}
              {products.map((p, i) => (
                <SearchResultCard key={p.id} product={p} priority={i === 0} />
              ))}
            </ul>
          )}
        </div>
      </div>
    </>
  );
}
