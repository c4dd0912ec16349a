import { stockLabel } from './stock';

const availabilityMessages = {
  inStock: 'In stock',
} as const;

type Availability = {
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
  const label = stockLabel(stock);
  if (stock !== null && stock <= 0) return { label: label!, tone: 'out', schemaOrg: 'https://schema.org/OutOfStock' };
  return { label: label ?? availabilityMessages.inStock, tone: label ? 'low' : 'ok', schemaOrg: 'https://schema.org/InStock' };
}
