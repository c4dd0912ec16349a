import { Link } from 'react-router';
import type { Product } from '@shared/catalogue.schemas';
import { formatRupees } from '@shared/money';
import { stockMessages } from '@shared/stock';
import type { CardSize } from '../hooks/use-display-prefs';
import { ProductImage } from './product-image';

const titleClass: Record<CardSize, string> = {
  small: 'text-xs',
  medium: 'text-sm',
  large: 'text-base',
};

type ProductCardProps = {
  product: Product;
  size: CardSize;
  /** The `sizes` attribute for the card's image. */
  imageSizes: string;
  className?: string;
  /** The picture is fetched at low priority: the page has a larger picture above it (the home page's advert). */
  lowPriorityImage?: boolean;
};

/** A catalogue card linking to the product page: first image, title and price. */
export function ProductCard({ product, size, imageSizes, className = '', lowPriorityImage = false }: ProductCardProps) {
  return (
    <li className={className}>
      <Link
        to={`/product/${product.id}`}
        className="group flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
      >
        <ProductImage
          path={product.images[0]}
          alt={product.title}
          sizes={imageSizes}
          lowPriority={lowPriorityImage}
          className="aspect-square w-full transition group-hover:scale-[1.02]"
        />
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h3 className={`line-clamp-2 font-medium text-slate-900 group-hover:text-brand-700 ${titleClass[size]}`}>{product.title}</h3>
          <p className={`mt-auto font-semibold text-slate-900 ${titleClass[size]}`}>{product.price <= 0 ? 'Free' : formatRupees(product.price)}</p>
          {product.stock === 0 && <p className={`font-semibold text-red-700 ${titleClass[size]}`}>{stockMessages.outOfStock}</p>}
        </div>
      </Link>
    </li>
  );
}
