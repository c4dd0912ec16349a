// The catalogue's public file: what other features may use (docs/decisions/056). Import from here, never
// from the feature's inner files; the feature's own files import each other directly.
export { useCategories } from './api/get-categories';
export { ProductImage } from './components/product-image';
