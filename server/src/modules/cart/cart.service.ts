import type { Db } from '../../db/database';
import type { Product } from '@shared/catalogue.schemas';
import type { Cart, CartLine } from '@shared/orders.schemas';
import { messages } from '@shared/messages';
import { orderMessages } from '@shared/order-messages';
import { paiseToRupees, rupeesToPaise } from '@shared/money';
import { goodsSubtotalPaise } from '@shared/order-totals';
import { AppError, badRequest, notFound } from '../../errors';
import * as catalogue from '../catalogue/catalogue.service';
import { canSell } from '@shared/stock';
import { variantLabel, variantMessages } from '@shared/variants.schemas';
import { notEnoughStock } from '../stock/stock.service';
import * as accounts from '../accounts/accounts.service';
import * as shipping from '../shipping/shipping.service';
import * as repo from './cart.repository';

/** A cart line priced from the catalogue as it is now. */
export interface PricedLine {
  productId: number;
  /** the variant chosen (null: the product has none) */
  variantId: number | null;
  quantity: number;
  title: string;
  unitPaise: number;
  image: string | null;
  available: boolean;
  addedPaise: number;
  /** units for sale now (null: not tracked) */
  stock: number | null;
  /** shipping weight of one unit (0 when not given) */
  weightGrams: number;
  /** a kit: the parts one kit takes from stock */
  parts?: { productId: number; variantId?: number; quantity: number }[];
}

/** A cart row priced with its product as it is now: the variant's price, stock and name when it has one. */
function priceLine(r: repo.CartRow, p: Product | undefined): PricedLine {
  const variantId = r.variant_id === 0 ? null : r.variant_id;
  const variant = variantId === null ? undefined : p?.variants?.find((v) => v.id === variantId);
  // A line whose variant is gone (or a product that gained variants since) cannot be bought as it is.
  const available = p !== undefined && (variantId === null ? !(p.variants && p.variants.length > 0) : variant !== undefined);
  const price = variant?.price ?? p?.price ?? 0;
  return {
    productId: r.product_id,
    variantId,
    quantity: r.quantity,
    title: p ? (variant ? `${p.title} (${variantLabel(variant.options)})` : p.title) : 'Product no longer available',
    unitPaise: available ? rupeesToPaise(price.toFixed(2))! : 0,
    image: variant?.image ?? p?.images[0] ?? null,
    available,
    addedPaise: r.added_price_paise,
    stock: (variant ? variant.stock : p?.stock) ?? null,
    weightGrams: variant?.weight ?? p?.weight ?? 0,
    ...(p?.parts && p.parts.length > 0
      ? { parts: p.parts.map((x) => ({ productId: x.productId, ...(x.variantId !== undefined ? { variantId: x.variantId } : {}), quantity: x.quantity })) }
      : {}),
  };
}

/** What a request has just read from the database, not read again: products, the cart's lines. */
interface Known {
  products?: Product[];
  rows?: repo.CartRow[];
}

/** The shopper's cart, priced from fresh product data (never from what the browser says). */
export async function pricedCart(db: Db, userId: string, known: Known = {}): Promise<PricedLine[]> {
  const rows = known.rows ?? (await repo.listCart(db, userId));
  const byId = new Map((known.products ?? []).map((p) => [p.id, p]));
  const missing = rows.map((r) => r.product_id).filter((id) => !byId.has(id));
  for (const p of await catalogue.productsByIds(db, missing)) byId.set(p.id, p);
  return rows.map((r) => priceLine(r, byId.get(r.product_id)));
}

export function subtotalPaise(lines: PricedLine[]): number {
  return goodsSubtotalPaise(lines);
}

/** The parcel's weight in grams: the lines that can be bought. */
export function weightGrams(lines: PricedLine[]): number {
  return lines.filter((l) => l.available).reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
}

/** The cart priced now, shipping quoted to `pincode` (delivery to another address) or else the profile's. */
export async function getCart(db: Db, userId: string, known: Known = {}, pincode?: string): Promise<Cart> {
  const [lines, me] = await Promise.all([pricedCart(db, userId, known), accounts.getMe(db, userId)]);
  const subtotal = subtotalPaise(lines);
  const quote = await shipping.quote(db, { pincode: pincode ?? me.zipCode, goodsPaise: subtotal, weightGrams: weightGrams(lines) });
  const shippingPaise = subtotal > 0 ? (quote?.shippingPaise ?? 0) : 0;
  const items: CartLine[] = lines.map((l) => ({
    id: l.productId,
    // Only a variant's line says which: a plain product's line keeps SPEC's shape.
    ...(l.variantId !== null ? { variantId: l.variantId } : {}),
    quantity: l.quantity,
    title: l.title,
    price: paiseToRupees(l.unitPaise),
    image: l.image,
    available: l.available,
    previousPrice: l.available && l.addedPaise !== l.unitPaise ? paiseToRupees(l.addedPaise) : null,
    stock: l.stock,
  }));
  return {
    items,
    count: items.length,
    subtotal: paiseToRupees(subtotal),
    shipping: paiseToRupees(shippingPaise),
    total: paiseToRupees(subtotal + shippingPaise),
    delivery: quote?.check ?? null,
    // What choosing cash on delivery adds, where it is offered (enabled, pincode allows it); the
    // minimum and maximum depend on the coupon and are judged at checkout.
    codFee: subtotal > 0 && quote?.check.cod ? paiseToRupees(quote.cod.feePaise) : null,
  };
}

/**
 * The variant of a product a shopper means: required (and checked to be the product's) when the
 * product has variants, refused when it has none.
 */
function chosenVariant(product: Product, variantId: number | null | undefined) {
  const variants = product.variants ?? [];
  if (variants.length === 0) {
    if (variantId != null) throw badRequest(variantMessages.noVariants, 'unknown_variant', { variantId: variantMessages.noVariants });
    return null;
  }
  if (variantId == null)
    throw badRequest(variantMessages.chooseVariant(product.options?.map((o) => o.name) ?? []), 'variant_required', { variantId: 'Choose an option' });
  const variant = variants.find((v) => v.id === variantId);
  if (!variant) throw badRequest(variantMessages.unknownVariant, 'unknown_variant', { variantId: variantMessages.unknownVariant });
  return variant;
}

/** Adds a product (a variant of it) once; one already in the cart is not added twice (409). */
export async function addToCart(db: Db, userId: string, productId: number, quantity: number, variantId?: number | null): Promise<Cart> {
  const [product] = await catalogue.productsByIds(db, [productId]);
  if (!product) throw notFound(messages.productNotFound, 'product_not_found');
  const variant = chosenVariant(product, variantId);
  const price = variant?.price ?? product.price;
  const stock = variant ? variant.stock : product.stock;
  const title = variant ? `${product.title} (${variantLabel(variant.options)})` : product.title;
  // Free kits are claimed with the form on their page (one per school), never bought.
  if (price <= 0) throw badRequest(orderMessages.freeProductNotForSale, 'free_product');
  if (!canSell(stock, quantity)) throw notEnoughStock(title, stock ?? 0);
  const { added, rows } = await repo.addLine(db, userId, { productId, variantId: variant?.id ?? 0, quantity, pricePaise: rupeesToPaise(price.toFixed(2))! });
  if (!added) throw new AppError('already_in_cart', 409, orderMessages.alreadyInCart);
  return getCart(db, userId, { products: [product], rows });
}

/** Sets a line's quantity; `variantId` names the line of a product with variants (the only one when not given). */
export async function setQuantity(db: Db, userId: string, productId: number, quantity: number, variantId?: number): Promise<Cart> {
  const [product] = await catalogue.productsByIds(db, [productId]);
  const rows = (await repo.listCart(db, userId)).filter((r) => r.product_id === productId && (variantId === undefined || r.variant_id === variantId));
  const row = rows.length === 1 ? rows[0] : undefined;
  if (!row) throw notFound('This product is not in your cart', 'not_in_cart');
  const line = priceLine(row, product);
  if (line.available && !canSell(line.stock, quantity)) throw notEnoughStock(line.title, line.stock ?? 0);
  if (!(await repo.setQuantity(db, userId, productId, row.variant_id, quantity))) throw notFound('This product is not in your cart', 'not_in_cart');
  return getCart(db, userId, { products: product ? [product] : [] });
}

export async function removeFromCart(db: Db, userId: string, productId: number, variantId?: number): Promise<Cart> {
  await repo.removeLine(db, userId, productId, variantId ?? null);
  return getCart(db, userId);
}

export async function clearCart(db: Db, userId: string): Promise<void> {
  await repo.clearCart(db, userId);
}
