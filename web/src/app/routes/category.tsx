import { Link, useParams, useSearchParams } from 'react-router';
import { messages } from '@shared/messages';
import { isRefined, refinementParams, type Refinement } from '@shared/search-filters';
import { secondaryButton } from '@/components/ui/button-styles';
import { PageMeta } from '@/components/ui/page-meta';
import { NoticeLink, PageNotice } from '@/components/ui/page-notice';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/features/catalogue/api/get-categories';
import { useProducts } from '@/features/catalogue/api/get-products';
import { ProductGrid } from '@/features/catalogue/components/product-grid';
import { useDisplayPrefs } from '@/features/catalogue/hooks/use-display-prefs';
import { useFacets } from '@/features/search/api/get-facets';
import { FilterPanel } from '@/features/search/components/filter-panel';
import { NoFilteredResults, SortSelect } from '@/features/search/components/sort-select';
import { useRefinement } from '@/features/search/hooks/use-refinement';
import { isNotFound } from '@/lib/api-client';

const CATEGORY_PAGE_SIZE = 24;

function pageFrom(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export function CategoryRoute() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const [prefs] = useDisplayPrefs();
  const categories = useCategories();
  const [refinement, setRefinement] = useRefinement();
  // The category is the page: a category in the URL's parameters is not another filter.
  const filters: Refinement = { ...refinement, category: undefined };
  const list = useProducts({
    category: id,
    limit: CATEGORY_PAGE_SIZE,
    offset: (page - 1) * CATEGORY_PAGE_SIZE,
    sort: filters.sort,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    inStock: filters.inStock ? 1 : undefined,
  });
  const facets = useFacets(undefined, { ...filters, category: id });

  const category = categories.data?.find((c) => String(c.Id) === id);
  const unknown = isNotFound(list.error) || (categories.isSuccess && !category);
  if (unknown) {
    return (
      <PageNotice title={messages.categoryNotFound} heading={messages.categoryNotFound}>
        <NoticeLink to="/">Homepage</NoticeLink>
      </PageNotice>
    );
  }

  const name = category?.type ?? list.data?.products[0]?.category ?? 'Category';
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CATEGORY_PAGE_SIZE));
  const pageLink = (n: number) => {
    const query = new URLSearchParams([...refinementParams(filters), ...(n > 1 ? [['page', String(n)] as [string, string]] : [])]).toString();
    return `/category/${id}${query ? `?${query}` : ''}`;
  };

  return (
    <>
      <PageMeta title={page > 1 ? `${name}, page ${page}` : name} />
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link to="/" className="text-brand-700 underline underline-offset-4">
          Home
        </Link>
        <span aria-hidden="true" className="mx-2 text-slate-400">
          /
        </span>
        <span aria-current="page">{name}</span>
      </nav>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">{name}</h1>
      {list.data && <p className="mb-4 text-sm text-slate-600">{total === 1 ? '1 product' : `${total} products`}</p>}
      <div className="flex flex-col gap-6 md:flex-row">
        <FilterPanel refinement={filters} onChange={setRefinement} facets={facets.data} showCategories={false} />
        <div className="min-w-0 flex-1">
          <div className="mb-3 flex justify-end">
            <SortSelect refinement={filters} onChange={setRefinement} defaultLabel="Featured" />
          </div>
          {list.isPending ? (
            <Spinner label="Loading products" />
          ) : list.data?.products.length === 0 && isRefined(filters) ? (
            <NoFilteredResults onClear={() => setRefinement({})} />
          ) : (
            <ProductGrid products={list.data?.products ?? []} size={prefs.size} label={name} />
          )}
        </div>
      </div>
      {pages > 1 && (
        <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-4">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className={secondaryButton}>
              Previous
            </Link>
          ) : null}
          <span className="text-sm text-slate-700">
            Page {Math.min(page, pages)} of {pages}
          </span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className={secondaryButton}>
              Next
            </Link>
          ) : null}
        </nav>
      )}
    </>
  );
}
