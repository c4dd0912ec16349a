import { Link } from 'react-router';
import type { Product } from '@shared/catalogue.schemas';
import { formatRupees } from '@shared/money';
import { primaryButton } from '@/components/ui/button-styles';
import { truncate } from '@/lib/format';
import { ProductImage } from '@/features/catalogue/components/product-image';

/** Search results show the description cut to this many characters plus '...' (SPEC.md §9). */
const DESCRIPTION_PREVIEW_LENGTH = 100;

export function SearchResultCard({ product, priority }: { product: Product; priority: boolean }) {
  const titleId = `result-${product.id}`;
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <ProductImage
        path={product.images[0]}
        alt={product.title}
        sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 100vw"
        priority={priority}
        className="aspect-square w-full"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {product.title}
        </h2>
        <p className="text-sm text-slate-700">{truncate(product.description, DESCRIPTION_PREVIEW_LENGTH)}</p>
        <p className="mt-auto text-lg font-bold text-slate-900">{formatRupees(product.price)}</p>
        <Link to={`/product/${product.id}`} aria-describedby={titleId} className={primaryButton}>
          View Details
        </Link>
      </div>
    </li>
  );
}
