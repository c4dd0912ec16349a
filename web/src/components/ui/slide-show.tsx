import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { iconButton } from './button-styles';

type SlideShowProps = {
  /** Accessible name of the carousel region, e.g. 'Offers'. */
  label: string;
  slides: ReactNode[];
  /** Autoplay delay in milliseconds. */
  delay: number;
  /** Extra classes for the arrow buttons, e.g. 'hidden md:inline-flex' to hide them on small screens. */
  arrowClassName?: string;
};

/** An autoplaying, looping carousel (embla) with previous/next arrows and one dot per slide. */
/** The previous or next arrow over the slides' edge. */
function ArrowButton(props: { label: string; side: 'left-2' | 'right-2'; className: string; onClick: () => void; Icon: typeof ChevronLeftIcon }) {
  const { label, side, className, onClick, Icon } = props;
  return (
    <button type="button" aria-label={label} onClick={onClick} className={`${iconButton} ${className} absolute top-1/2 ${side} -translate-y-1/2`}>
      <Icon />
    </button>
  );
}

export function SlideShow({ label, slides, delay, arrowClassName = 'inline-flex' }: SlideShowProps) {
  const many = slides.length > 1;
  const viewportRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);

  // The carousel's code is fetched after the first paint: the first slide shows without it, and
  // the home page's initial JavaScript stays small.
  useEffect(() => {
    const node = viewportRef.current;
    if (!node || !many) return;
    let api: EmblaCarouselType | null = null;
    let cancelled = false;
    void Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]).then(([{ default: EmblaCarousel }, { default: Autoplay }]) => {
      if (cancelled) return;
      api = EmblaCarousel(node, { loop: true }, [Autoplay({ delay, stopOnInteraction: false, stopOnMouseEnter: true })]);
      setEmbla(api);
    });
    return () => {
      cancelled = true;
      api?.destroy();
      setEmbla(null);
    };
  }, [many, delay, slides.length]);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const scrollTo = useCallback((index: number) => embla?.scrollTo(index), [embla]);

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      {/* Embla measures slides in whole pixels (offsetWidth, offsetLeft). Where the carousel's width is
          fractional (the product page's two columns, a zoomed page) each stop lands up to half a pixel
          off and a sliver of the neighbouring slide shows; a whole-pixel width makes the stops exact
          (a browser without CSS round() keeps the full width). */}
      <div ref={viewportRef} className="w-[round(down,100%,1px)] overflow-hidden">
        {/* No gap, margin or padding: a slide is exactly as wide as the viewport. */}
        <div className="flex touch-pan-y">
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {many && (
        <>
          <ArrowButton label="Previous slide" side="left-2" className={arrowClassName} onClick={() => embla?.scrollPrev()} Icon={ChevronLeftIcon} />
          <ArrowButton label="Next slide" side="right-2" className={arrowClassName} onClick={() => embla?.scrollNext()} Icon={ChevronRightIcon} />
          <div className="mt-2 flex justify-center gap-1">
            {slides.map((_, i) => (
              <button
                key={i}
                type="button"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => scrollTo(i)}
                className="flex size-6 items-center justify-center"
              >
                <span
                  aria-hidden="true"
                  className={`block size-2.5 rounded-full ${i === selected ? 'bg-brand-700' : 'bg-slate-300'}`}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
