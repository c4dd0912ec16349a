import { ProductImage } from '@/features/catalogue/components/product-image';

/**
 * A thumbnail of an uploaded image through the storefront's ProductImage: with
 * `sizes` this small the browser picks the 160 px WebP rendition from its
 * srcset. (Importing the image helpers directly here made the bundler split
 * them and money.ts out of the home page's bundle into a chunk of their own.)
 */
export function Thumbnail({ path, alt, className = 'ad:size-16', sizes = '64px' }: { path: string; alt: string; className?: string; sizes?: string }) {
  return (
    <ProductImage
      path={path}
      alt={alt}
      sizes={sizes}
      width={160}
      height={160}
      className={`${className} ad:rounded-md ad:border ad:border-slate-200 ad:bg-slate-50 ad:object-cover`}
    />
  );
}
