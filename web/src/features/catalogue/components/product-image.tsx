import { responsiveImage } from '@/lib/images';

/** The Element Timing name of a page's main picture (server/src/plugins/first-paint.ts waits for its entry). */
const MAIN_PICTURE = 'main-picture';

declare module 'react' {
  // A merged declaration repeats React's type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ImgHTMLAttributes<T> {
    /** Element Timing (Chromium): a PerformanceElementTiming entry once the picture is on screen. */
    elementtiming?: string;
  }
}

type ProductImageProps = {
  /** Server-relative path of the uploaded image; undefined shows a neutral placeholder. */
  path: string | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown. */
  sizes: string;
  /**
   * Above the fold: load at once and with high priority. The picture is also marked for Element
   * Timing: the page's start script waits until it is on screen before fetching the app (decision 091).
   */
  priority?: boolean;
  /**
   * Beside the page's main picture (the home page's cards under the advert): fetched at low priority
   * even once in view, so that it never competes with the main picture (decision 082).
   */
  lowPriority?: boolean;
  width?: number;
  height?: number;
  className?: string;
  /** contain shows the whole picture (adverts of other proportions), cover fills the box (product cards) */
  fit?: 'cover' | 'contain';
};

/** An uploaded image with its WebP renditions; width and height reserve its box so nothing shifts. */
export function ProductImage({
  path,
  alt,
  sizes,
  priority = false,
  lowPriority = false,
  width = 800,
  height = 800,
  className = '',
  fit = 'cover',
}: ProductImageProps) {
  if (!path) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex items-center justify-center bg-slate-100 text-sm text-slate-500 ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        No image
      </div>
    );
  }
  const { src, srcSet } = responsiveImage(path);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : lowPriority ? 'low' : 'auto'}
      elementtiming={priority ? MAIN_PICTURE : undefined}
      className={`bg-slate-100 ${fit === 'contain' ? 'object-contain' : 'object-cover'} ${className}`}
    />
  );
}
