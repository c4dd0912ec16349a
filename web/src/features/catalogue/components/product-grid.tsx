import type { Product } from '@shared/catalogue.schemas';
import type { CardSize } from '../hooks/use-display-prefs';
import { ProductCard } from './product-card';

/** Columns by width, from 2 on a phone to 5 on a wide screen; larger cards mean fewer columns. */
const gridClass: Record<CardSize, string> = {
  small: 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5',
  medium: 'grid-cols-2 md:grid-cols-3 lg:grid-cols-4',
  large: 'grid-cols-2 lg:grid-cols-3',
};

const gridImageSizes: Record<CardSize, string> = {
  small: '(min-width: 1280px) 240px, (min-width: 1024px) 20vw, (min-width: 768px) 25vw, (min-width: 640px) 33vw, 50vw',
  medium: '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw',
  large: '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, 50vw',
};

type ProductGridProps = {
  products: Product[];
  size: CardSize;
  label?: string;
  /** The cards' pictures at low priority (ProductCard's lowPriorityImage). */
  lowPriorityImages?: boolean;
};

export function ProductGrid({ products, size, label, lowPriorityImages = false }: ProductGridProps) {
  return (
    <ul aria-label={label} className={`grid gap-3 sm:gap-4 ${gridClass[size]}`}>
      {products.map((p) => (
        <ProductCard key={p.id} product={p} size={size} imageSizes={gridImageSizes[size]} lowPriorityImage={lowPriorityImages} />
      ))}
    </ul>
  );
}
