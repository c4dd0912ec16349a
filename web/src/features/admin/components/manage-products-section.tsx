import { useEffect, useId, useState } from 'react';
import type { Product } from '@shared/catalogue.schemas';
import { adminMessages, withReason } from '@shared/admin-messages';
import { formatRupees } from '@shared/money';
import { secondaryButton } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProducts } from '../api/get-admin-products';
import { reasonOf } from '../lib/admin-fetch';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete';
import { useDebounced } from '../hooks/use-debounced';
import { AdminSection, ListEnd } from './admin-section';
import { ProductsCsvPanel } from './products-csv-panel';
import { EditProductModal } from './edit-product-modal';
import { controlClass, labelClass } from './field-styles';
import { Thumbnail } from './thumbnail';

const PAGE_SIZE = 20;

/** SPEC.md §2 Manage Products: Refresh, title search (server-side), the list with Edit and Delete, paging. */
export function ManageProductsSection() {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  // A new search starts at page 1: the page belongs to the search it was chosen for.
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = (next: number) => setPaging({ q, page: next });
  const [editing, setEditing] = useState<Product | null>(null);
  const searchId = useId();
  const products = useAdminProducts({ q, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const remove = useConfirmedDelete({
    useDelete: useDeleteProduct,
    idOf: (product: Product) => product.id,
    describe: (product) => ({ title: 'Delete product', message: `Delete "${product.title}"? Orders that include it keep their lines.` }),
    toasts: () => ({ done: adminMessages.productDeleted, failed: adminMessages.errorDeletingProduct }),
  });
  const shown = products.data;

  useEffect(() => {
    if (products.error) notify('error', withReason(adminMessages.errorFetchingProducts, reasonOf(products.error)));
  }, [products.error]);

  const refresh = async () => {
    const result = await products.refetch();
    if (result.isSuccess) notify('success', adminMessages.productsFetched);
  };

  return (
    <AdminSection
      title="Manage Products"
      actions={
        <button type="button" className={secondaryButton} onClick={() => void refresh()} disabled={products.isFetching}>
          Refresh Products
        </button>
      }
    >
      <div role="search" className="ad:max-w-md">
        <label htmlFor={searchId} className={labelClass}>
          Search products by title
        </label>
        <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} className={controlClass} placeholder="Search by title" />
      </div>
      {products.isPending ? (
        <Spinner label="Loading products" />
      ) : products.isError && !shown ? (
        <p role="alert" className="ad:text-red-700">
          {withReason(adminMessages.errorFetchingProducts, reasonOf(products.error))}
        </p>
      ) : (
        <>
          <p className="ad:text-sm ad:text-slate-700" aria-live="polite">
            {shown?.total ?? 0} {shown?.total === 1 ? 'product' : 'products'}
            {q ? ` matching "${q}"` : ''}
          </p>
          <ul aria-label="Products" className={`ad:flex ad:flex-col ad:gap-3 ${products.isFetching ? 'ad:opacity-70' : ''}`}>
            {shown?.products.map((product) => (
              <li key={product.id}>
                <article
                  aria-labelledby={`admin-product-${product.id}`}
                  className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm"
                >
                  <div className="ad:flex ad:flex-wrap ad:items-start ad:justify-between ad:gap-3">
                    <div className="ad:min-w-0">
                      <h3 id={`admin-product-${product.id}`} className="ad:font-semibold ad:break-words ad:text-slate-900">
                        {product.title}
                      </h3>
                      <p className="ad:text-sm ad:text-slate-700">
                        <span className="ad:font-semibold ad:text-slate-900">{formatRupees(product.price)}</span>
                        <span aria-hidden="true"> · </span>
                        <span>
                          <span className="ad:sr-only">Category: </span>
                          {product.category}
                        </span>
                        <span aria-hidden="true"> · </span>
                        <span>ID {product.id}</span>
                      </p>
                    </div>
                    <div className="ad:flex ad:gap-2">
                      <button type="button" className={`${secondaryButton} ad:py-1.5`} onClick={() => setEditing(product)} aria-label={`Edit ${product.title}`}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className="ad:rounded-md ad:border ad:border-red-700 ad:bg-white ad:px-4 ad:py-1.5 ad:font-semibold ad:text-red-700 ad:hover:bg-red-50 ad:disabled:opacity-60"
                        onClick={() => remove.request(product)}
                        aria-label={`Delete ${product.title}`}
                        disabled={remove.isDeleting(product)}
                      >
                        Delete
                      </button>
                    </div>
                  </div>
                  {product.images.length > 0 && (
                    <ul aria-label={`Images of ${product.title}`} className="ad:mt-3 ad:flex ad:flex-wrap ad:gap-2">
                      {product.images.map((path, i) => (
                        <li key={path}>
                          <Thumbnail path={path} alt={`${product.title}, image ${i + 1}`} />
                        </li>
                      ))}
                    </ul>
                  )}
                  {product.description && <p className="ad:mt-3 ad:line-clamp-3 ad:text-sm ad:whitespace-pre-line ad:text-slate-700">{product.description}</p>}
                </article>
              </li>
            ))}
          </ul>
          <ListEnd
            shown={shown?.products.length}
            total={shown?.total ?? 0}
            pageSize={PAGE_SIZE}
            emptyText="No products found."
            page={page}
            onPage={setPage}
            pagerLabel="Product pages"
          />
        </>
      )}
      {editing && <EditProductModal product={editing} onClose={() => setEditing(null)} />}
      {remove.dialog}
      <ProductsCsvPanel />
    </AdminSection>
  );
}
