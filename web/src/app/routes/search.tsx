import { Link, useSearchParams } from 'react-router';
import { messages } from '@shared/messages';
import { primaryButton } from '../../components/ui/button-styles';
import { PageMeta } from '../../components/ui/page-meta';
import { Spinner } from '../../components/ui/spinner';
import { useSearchProducts } from '../../features/search/api/search-products';
import { SearchResultCard } from '../../features/search/components/search-result-card';
import { isNotFound } from '../../lib/api-client';

export function SearchRoute() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const search = useSearchProducts(query);

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
  if (search.isPending) return <Spinner label="Loading search results" />;

  if (isNotFound(search.error)) {
    return (
      <div className="py-16 text-center">
        <PageMeta title={messages.productNotFound} />
        <p className="text-6xl font-bold text-slate-300">404</p>
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
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {products.map((p, i) => (
          <SearchResultCard key={p.id} product={p} priority={i < 2} />
        ))}
      </ul>
    </>
  );
}
