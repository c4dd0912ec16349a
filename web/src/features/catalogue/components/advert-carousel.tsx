import type { AdvertImage } from '@shared/catalogue.schemas';
import { ADVERT_IMAGE_SIZES } from '@shared/images';
import { SlideShow } from '@/components/ui/slide-show';
import { ProductImage } from './product-image';

/** Advert images are 1600x600; the advert autoplays every 3 s (SPEC.md §9). */
const ADVERT_DELAY_MS = 3000;

export function AdvertCarousel({ adverts }: { adverts: AdvertImage[] }) {
  if (adverts.length === 0) return null;
  return (
    <SlideShow
      label="Offers"
      delay={ADVERT_DELAY_MS}
      arrowClassName="hidden md:inline-flex"
      slides={adverts.map((ad, i) => (
        <ProductImage
          key={ad.id}
          path={ad.url}
          alt={`Offer ${i + 1} of ${adverts.length}`}
          width={1600}
          height={600}
          sizes={ADVERT_IMAGE_SIZES}
          priority={i === 0}
          fit="contain"
          className="aspect-[8/3] w-full rounded-lg"
        />
      ))}
    />
  );
}

/** The advert's box while the home page loads, so the sections below do not move. */
export function AdvertPlaceholder() {
  return (
    <div aria-hidden="true">
      <div className="aspect-[8/3] w-full animate-pulse rounded-lg bg-slate-100" />
      {/* The height of the dots row below the slides. */}
      <div className="mt-2 h-6" />
    </div>
  );
}
