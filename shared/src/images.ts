/** Widths of the WebP renditions made for every product and advert image. */
export const RENDITION_WIDTHS = [160, 320, 640, 1024] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

/** Server-relative path of a WebP rendition of an uploaded image: /uploads/p/a.png -> /uploads/p/a.w320.webp */
export function renditionPath(path: string, width: RenditionWidth): string {
  const dot = path.lastIndexOf('.');
  const slash = path.lastIndexOf('/');
  const stem = dot > slash ? path.slice(0, dot) : path;
  return `${stem}.w${width}.webp`;
}

/** A srcset attribute for an uploaded image, given the base URL of the backend ('' for same origin). */
export function srcSet(path: string, base = ''): string {
  return RENDITION_WIDTHS.map((w) => `${base}${renditionPath(path, w)} ${w}w`).join(', ');
}

/** The `sizes` of the home page's advert image; the server preloads the same rendition the browser will pick. */
export const ADVERT_IMAGE_SIZES = '(min-width: 1280px) 1248px, 100vw';

/** The `sizes` of a product page's main image, also preloaded by the server. */
export const PRODUCT_IMAGE_SIZES = '(min-width: 1280px) 576px, (min-width: 768px) 45vw, 100vw';
