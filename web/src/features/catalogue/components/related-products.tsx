import { useRelatedProducts } from '../api/get-related-products';
import { ProductCard } from './product-card';

const RELATED_IMAGE_SIZES = '(min-width: 1024px) 240px, (min-width: 640px) 25vw, 50vw';

/** "More from {category}": a few other products of the product's category, under its page (nothing when there are none). */
export function RelatedProducts({ productId, category }: { productId: number; category: string }) {
  const related = useRelatedProducts(productId);
  if (!related.data || related.data.length === 0) return null;
  const headingId = `related-${productId}`;
  return (
    <section aria-labelledby={headingId} className="mt-10 md:col-span-2">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        More from {category}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
        {related.data.map((p) => (
          <ProductCard key={p.id} product={p} size="medium" imageSizes={RELATED_IMAGE_SIZES} />
        ))}
      </ul>
    </section>
  );
}
