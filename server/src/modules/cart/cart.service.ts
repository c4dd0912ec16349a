import type { Db } from '../../db/database';
import type { Product } from '@shared/catalogue.schemas';
import type { Cart, CartLine } from '@shared/orders.schemas';
import { messages } from '@shared/messages';
import { orderMessages } from '@shared/order-messages';
import { paiseToRupees, rupeesToPaise } from '@shared/money';
import { AppError, badRequest, notFound } from '../../errors';
import * as catalogue from '../catalogue/catalogue.service';
import { canSell } from '@shared/stock';
import { notEnoughStock } from '../stock/stock.service';
import * as accounts from '../accounts/accounts.service';
import * as shipping from '../shipping/shipping.service';
import * as repo from './cart.repository';

/** A cart line priced from the catalogue as it is now. */
export interface PricedLine {
  productId: number;
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
}

/**
 * The shopper's cart, priced from fresh product data (never from what the browser says). `known`:
 * products this request has just read from the database, not read again.
 */
export async function pricedCart(db: Db, userId: string, known: Product[] = []): Promise<PricedLine[]> {
  const rows = await repo.listCart(db, userId);
  const byId = new Map(known.map((p) => [p.id, p]));
  const missing = rows.map((r) => r.product_id).filter((id) => !byId.has(id));
  for (const p of await catalogue.productsByIds(db, missing)) byId.set(p.id, p);
  return rows.map((r) => {
    const p = byId.get(r.product_id);
    return {
      productId: r.product_id,
      quantity: r.quantity,
      title: p?.title ?? 'Product no longer available',
      unitPaise: p ? rupeesToPaise(p.price.toFixed(2))! : 0,
      image: p?.images[0] ?? null,
      available: p !== undefined,
      addedPaise: r.added_price_paise,
      stock: p?.stock ?? null,
      weightGrams: p?.weight ?? 0,
    };
  });
}

export function subtotalPaise(lines: PricedLine[]): number {
  return lines.filter((l) => l.available).reduce((sum, l) => sum + l.unitPaise * l.quantity, 0);
}

/** The parcel's weight in grams: the lines that can be bought. */
export function weightGrams(lines: PricedLine[]): number {
  return lines.filter((l) => l.available).reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
}

/** The cart priced now, shipping quoted to `pincode` (delivery to another address) or else the profile's. */
export async function getCart(db: Db, userId: string, known: Product[] = [], pincode?: string): Promise<Cart> {
  const [lines, me] = await Promise.all([pricedCart(db, userId, known), accounts.getMe(db, userId)]);
  const subtotal = subtotalPaise(lines);
  const quote = await shipping.quote(db, { pincode: pincode ?? me.zipCode, goodsPaise: subtotal, weightGrams: weightGrams(lines) });
  const shippingPaise = subtotal > 0 ? (quote?.shippingPaise ?? 0) : 0;
  const items: CartLine[] = lines.map((l) => ({
    id: l.productId,
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
  };
}

/** Adds a product once; a product already in the cart is not added twice (409). */
export async function addToCart(db: Db, userId: string, productId: number, quantity: number): Promise<Cart> {
  const [product] = await catalogue.productsByIds(db, [productId]);
  if (!product) throw notFound(messages.productNotFound, 'product_not_found');
  // Free kits are claimed with the form on their page (one per school), never bought.
  if (product.price <= 0) throw badRequest(orderMessages.freeProductNotForSale, 'free_product');
  if (!canSell(product.stock, quantity)) throw notEnoughStock(product.title, product.stock ?? 0);
  const added = await repo.addLine(db, userId, productId, quantity, rupeesToPaise(product.price.toFixed(2))!);
  if (!added) throw new AppError('already_in_cart', 409, orderMessages.alreadyInCart);
  return getCart(db, userId, [product]);
}

export async function setQuantity(db: Db, userId: string, productId: number, quantity: number): Promise<Cart> {
  const [product] = await catalogue.productsByIds(db, [productId]);
  if (product && !canSell(product.stock, quantity)) throw notEnoughStock(product.title, product.stock ?? 0);
  if (!(await repo.setQuantity(db, userId, productId, quantity))) throw notFound('This product is not in your cart', 'not_in_cart');
  return getCart(db, userId, product ? [product] : []);
}

export async function removeFromCart(db: Db, userId: string, productId: number): Promise<Cart> {
  await repo.removeLine(db, userId, productId);
  return getCart(db, userId);
}

export async function clearCart(db: Db, userId: string): Promise<void> {
  await repo.clearCart(db, userId);
}
