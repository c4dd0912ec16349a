/** User-facing texts quoted by SPEC.md, kept word for word in one place. */
export const messages = {
  productNotFound: 'Product not found',
  productNotFound404: 'Product not found 404',
  pageNotFound: 'Page not found',
  somethingWentWrong: 'Something went wrong.',
  searchPlaceholder: 'Search for products...',
  loading: 'Loading',
  addToCart: 'Add to Cart',
  alreadyInCart: 'Already in Cart',
  goToCart: 'Go to Cart',
  notifyMe: 'Notify Me',
  searchResultsFor: (query: string) => `Search Results for "${query}"`,
  invalidProductId: 'Invalid product id',
  noProductsMatch: 'No products match your search',
  categoryNotFound: 'Category not found',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests, please slow down',
  internalError: 'Something went wrong on our side. Please try again.',
  changedMeanwhile: 'Someone changed this at the same moment. Reload the page and try again.',
  maintenanceTitle: 'Developer needed!',
  /** a dependency every request needs (the database) is unreachable for a moment: 503 with Retry-After */
  brieflyUnavailable: 'The shop is briefly unavailable. Please try again in a moment.',
  /** file storage (disk or bucket) is unreachable: uploads and pictures wait, the rest of the shop serves */
  storageUnavailable: 'File storage is unavailable, please try again shortly.',
} as const;
