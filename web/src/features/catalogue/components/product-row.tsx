import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Product } from '@shared/catalogue.schemas';
import { iconButton } from '@/components/ui/button-styles';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import type { CardSize } from '../hooks/use-display-prefs';
import { ProductCard } from './product-card';

/** How far one arrow press scrolls the row (SPEC.md §9). */
const ROW_SCROLL_STEP = 300;

const cardWidth: Record<CardSize, { className: string; px: number }> = {
  small: { className: 'w-36', px: 144 },
  medium: { className: 'w-48', px: 192 },
  large: { className: 'w-64', px: 256 },
};

type ProductRowProps = {
  products: Product[];
  size: CardSize;
  label: string;
  /** The cards' pictures at low priority (ProductCard's lowPriorityImage). */
  lowPriorityImages?: boolean;
};

/** A horizontally scrolling row of cards with arrows that scroll it by 300 px. */
export function ProductRow({ products, size, label, lowPriorityImages = false }: ProductRowProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    const start = el.scrollLeft <= 1;
    const end = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    // The same edges keep the same state: the row (and its cards) is not drawn again.
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, []);

  useEffect(() => {
    const el = listRef.current;
    if (!el) return;
    // The observer reports the row's size once it starts observing, after the browser has laid the
    // page out: measuring here instead would force a layout in the middle of the app's start.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, products, size]);

  const scroll = (direction: 1 | -1) => listRef.current?.scrollBy({ left: direction * ROW_SCROLL_STEP, behavior: 'smooth' });
  const width = cardWidth[size];
  // The cards do not depend on the arrows: showing an arrow does not draw them again.
  const cards = useMemo(
    () =>
      products.map((p) => (
        <ProductCard
          key={p.id}
          product={p}
          size={size}
          imageSizes={`${width.px}px`}
          className={`shrink-0 ${width.className}`}
          lowPriorityImage={lowPriorityImages}
        />
      )),
    [products, size, width, lowPriorityImages],
  );

  return (
    <div className="relative">
      <ul ref={listRef} aria-label={label} onScroll={measure} className="scrollbar-thin flex gap-3 overflow-x-auto scroll-smooth pb-3 sm:gap-4">
        {cards}
      </ul>
      <button
        type="button"
        aria-label={`Scroll ${label} left`}
        onClick={() => scroll(-1)}
        disabled={edges.start}
        className={`${iconButton} absolute top-1/3 -left-2 inline-flex disabled:hidden`}
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        aria-label={`Scroll ${label} right`}
        onClick={() => scroll(1)}
        disabled={edges.end}
        className={`${iconButton} absolute top-1/3 -right-2 inline-flex disabled:hidden`}
      >
        <ChevronRightIcon />
      </button>
    </div>
  );
}
