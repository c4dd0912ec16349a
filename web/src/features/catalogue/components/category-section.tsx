import { Link } from 'react-router';
import type { HomeSection } from '@shared/catalogue.schemas';
import type { DisplayPrefs } from '../hooks/use-display-prefs';
import { ProductGrid } from './product-grid';
import { ProductRow } from './product-row';

/** One category on the home page: its first products and a link to the whole category. */
export function CategorySection({ section, prefs }: { section: HomeSection; prefs: DisplayPrefs }) {
  const { category, products, total } = section;
  const headingId = `category-${category.Id}`;
  return (
    <section aria-labelledby={headingId} className="py-4 [contain-intrinsic-size:auto_24rem] [content-visibility:auto]">
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold text-slate-900 sm:text-2xl">
          {category.type}
        </h2>
        <Link to={`/category/${category.Id}`} className="shrink-0 font-semibold text-brand-700 underline-offset-4 hover:underline">
          View all<span className="sr-only"> {category.type}</span> ({total})
        </Link>
      </div>
      {/* The advert above is the page's largest picture: the cards' pictures, lazy but in view on a
          phone, must not share its bandwidth (decision 082). */}
      {prefs.layout === 'carousel' ? (
        <ProductRow products={products} size={prefs.size} label={category.type} lowPriorityImages />
      ) : (
        <ProductGrid products={products} size={prefs.size} label={category.type} lowPriorityImages />
      )}
    </section>
  );
}
