import { srcSet } from '@shared/images';

/** Same origin: the server serves /uploads beside the storefront (and the dev server proxies it). */
const UPLOADS_BASE = '';

function isAbsolute(path: string): boolean {
  return /^https?:\/\//.test(path);
}

/** src (the original upload) and srcSet (its WebP renditions) for an uploaded image path. */
export function responsiveImage(path: string): { src: string; srcSet: string | undefined } {
  if (isAbsolute(path)) return { src: path, srcSet: undefined };
  return { src: `${UPLOADS_BASE}${path}`, srcSet: srcSet(path, UPLOADS_BASE) };
}
