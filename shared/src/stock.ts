/** At or below this many units the storefront says "Only N left" and the admin overview lists the product. */
export const LOW_STOCK_THRESHOLD = 5;
/** Largest stock count an admin may set. */
export const MAX_STOCK = 1_000_000;

export const stockMessages = {
  outOfStock: 'Out of stock',
  onlyLeft: (units: number) => `Only ${units} left`,
  /** the cart or checkout asked for more units than are for sale */
  notEnough: (title: string, units: number) =>
    units === 0 ? `"${title}" is out of stock. Please remove it to continue.` : `Only ${units} of "${title}" left in stock. Please lower the quantity.`,
} as const;

/** What the storefront shows about a product's stock (null: nothing, stock is untracked or plentiful). */
export function stockLabel(stock: number | null): string | null {
  if (stock === null) return null;
  if (stock <= 0) return stockMessages.outOfStock;
  if (stock <= LOW_STOCK_THRESHOLD) return stockMessages.onlyLeft(stock);
  return null;
}

/** True when `quantity` more units can be sold (untracked stock never runs out). */
export function canSell(stock: number | null, quantity: number): boolean {
  return stock === null || quantity <= stock;
}

/** Largest low-stock threshold an admin may set. */
export const MAX_LOW_STOCK_THRESHOLD = 100_000;
