import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { whenIdle } from '@/lib/idle';
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

/** The previous or next arrow over the slides' edge. */
function ArrowButton(props: { label: string; side: 'left-2' | 'right-2'; className: string; onClick: () => void; Icon: typeof ChevronLeftIcon }) {
  const { label, side, className, onClick, Icon } = props;
  return (
    <button type="button" aria-label={label} onClick={onClick} className={`${iconButton} ${className} absolute top-1/2 ${side} -translate-y-1/2`}>
      <Icon />
    </button>
  );
}

const loadCarousel = () => Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]);

/** An autoplaying, looping carousel (embla) with previous/next arrows and one dot per slide. */
export function SlideShow({ label, slides, delay, arrowClassName = 'inline-flex' }: SlideShowProps) {
  const many = slides.length > 1;
  const viewportRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  /** The slides after the first have their content (pictures) once the page is idle or the carousel starts. */
  const [rest, setRest] = useState(false);
  /** Starts the carousel (once, fetching its code if need be), then does `action` with it. */
  const startRef = useRef<(action?: (api: EmblaCarouselType) => void) => void>(() => {});

  // The first slide shows without the carousel's code. The code is fetched once the page is idle,
  // and the carousel starts only when it is first needed: the first autoplay step, or the shopper
  // reaching for it (pointer, keyboard focus, an arrow or a dot). Measuring every slide and setting
  // up the engine is one of the longest single pieces of work of the page's start on a phone; done
  // at once, it would hold up the page just as it becomes usable.
  // The other slides stay empty boxes of the same size until then (the server draws them so too):
  // their pictures, lazy but beside the first, would otherwise be fetched with it and share its
  // bandwidth, while no one can see them before the first step (decision 070).
  useEffect(() => {
    const node = viewportRef.current;
    if (!node || !many) return;
    let api: EmblaCarouselType | null = null;
    let code: ReturnType<typeof loadCarousel> | undefined;
    let cancelled = false;
    const load = () =>
      (code ??= loadCarousel().catch((error: unknown) => {
        code = undefined; // the next reach for the carousel tries again
        throw error;
      }));
    startRef.current = (action) => {
      setRest(true);
      void load().then(
        ([{ default: EmblaCarousel }, { default: Autoplay }]) => {
          if (cancelled) return;
          if (!api) {
            api = EmblaCarousel(node, { loop: true }, [Autoplay({ delay, stopOnInteraction: false, stopOnMouseEnter: true })]);
            const started = api;
            const onSelect = () => setSelected(started.selectedScrollSnap());
            started.on('select', onSelect).on('reInit', onSelect);
          }
          action?.(api);
        },
        () => undefined,
      );
    };
    const cancelIdle = whenIdle(() => {
      setRest(true);
      void load().catch(() => undefined);
    }, 1000);
    // The first autoplay step starts the carousel; autoplay then takes the next ones.
    const firstStep = window.setTimeout(() => startRef.current((started) => started.scrollNext()), delay);
    return () => {
      cancelled = true;
      cancelIdle();
      window.clearTimeout(firstStep);
      api?.destroy();
      startRef.current = () => {};
    };
  }, [many, delay, slides.length]);

  const start = useCallback((action?: (api: EmblaCarouselType) => void) => startRef.current(action), []);
  const scrollTo = useCallback((index: number) => start((api) => api.scrollTo(index)), [start]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      onPointerOver={many ? () => start() : undefined}
      onFocus={many ? () => start() : undefined}
    >
      {/* Embla measures slides in whole pixels (offsetWidth, offsetLeft). Where the carousel's width is
          fractional (the product page's two columns, a zoomed page) each stop lands up to half a pixel
          off and a sliver of the neighbouring slide shows; a whole-pixel width makes the stops exact
          (a browser without CSS round() keeps the full width). */}
      <div ref={viewportRef} className="w-[round(down,100%,1px)] overflow-hidden">
        {/* No gap, margin or padding: a slide is exactly as wide as the viewport. */}
        <div className="flex touch-pan-y">
          {slides.map((slide, i) => (
            <div key={i} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`} className="min-w-0 shrink-0 grow-0 basis-full">
              {i === 0 || rest ? slide : null}
            </div>
          ))}
        </div>
      </div>
      {many && (
        <>
          <ArrowButton
            label="Previous slide"
            side="left-2"
            className={arrowClassName}
            onClick={() => start((api) => api.scrollPrev())}
            Icon={ChevronLeftIcon}
          />
          <ArrowButton label="Next slide" side="right-2" className={arrowClassName} onClick={() => start((api) => api.scrollNext())} Icon={ChevronRightIcon} />
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
                <span aria-hidden="true" className={`block size-2.5 rounded-full ${i === selected ? 'bg-brand-700' : 'bg-slate-300'}`} />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
