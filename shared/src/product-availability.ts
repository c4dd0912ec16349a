import { LOW_STOCK_THRESHOLD, stockMessages } from './stock';

export const availabilityMessages = {
  inStock: 'In stock',
} as const;

export type Availability = {
  /** what the product page says */
  label: string;
  tone: 'ok' | 'low' | 'out';
  /** schema.org's ItemAvailability, for the page's structured data */
  schemaOrg: 'https://schema.org/InStock' | 'https://schema.org/OutOfStock';
};

/**
 * What a product page says of its stock (decision 046): "In stock" (also when the shop does not
 * track it), "Only N left" at or below LOW_STOCK_THRESHOLD (the threshold the admin's low-stock
 * list uses), "Out of stock" at none.
 */
export function availabilityOf(stock: number | null): Availability {
  if (stock !== null && stock <= 0) return { label: stockMessages.outOfStock, tone: 'out', schemaOrg: 'https://schema.org/OutOfStock' };
  if (stock !== null && stock <= LOW_STOCK_THRESHOLD) return { label: stockMessages.onlyLeft(stock), tone: 'low', schemaOrg: 'https://schema.org/InStock' };
  return { label: availabilityMessages.inStock, tone: 'ok', schemaOrg: 'https://schema.org/InStock' };
}
