import { describe, expect, it } from 'vitest';
import type { Cart, CartLine } from '@shared/orders.schemas';
import { clampQuantity, itemCountLabel, orderItems, summarizeCart, withoutLine, withQuantity } from './cart-summary';

function line(id: number, price: number, quantity: number, extra: Partial<CartLine> = {}): CartLine {
  return { id, quantity, title: `Kit ${id}`, price, image: null, available: true, previousPrice: null, stock: null, ...extra };
}

describe('summarizeCart', () => {
  it('adds up available lines in paise, with free shipping and the discount taken off', () => {
    const s = summarizeCart([line(1, 0.1, 3), line(2, 1299.99, 2)], 100);
    expect(s.subtotal).toBe(2600.28);
    expect(s.shipping).toBe(0);
    expect(s.discount).toBe(100);
    expect(s.total).toBe(2500.28);
  });

  it("adds the server's shipping, only while something can be bought", () => {
    expect(summarizeCart([line(1, 500, 2)], 100, 49.5)).toMatchObject({ subtotal: 1000, shipping: 49.5, discount: 100, total: 949.5 });
    expect(summarizeCart([line(1, 500, 2)], 2000, 49.5)).toMatchObject({ discount: 1000, total: 49.5 });
    expect(summarizeCart([], 0, 49.5)).toMatchObject({ shipping: 0, total: 0 });
  });

  it("adds the server's cash-on-delivery fee as its own amount when COD is chosen", () => {
    expect(summarizeCart([line(1, 500, 2)], 100, 49.5, 30)).toMatchObject({ codFee: 30, total: 979.5 });
    expect(summarizeCart([line(1, 500, 2)], 100, 49.5, 0)).toMatchObject({ codFee: 0, total: 949.5 });
    expect(summarizeCart([line(1, 500, 2)], 100, 49.5)).toMatchObject({ codFee: null, total: 949.5 });
    expect(summarizeCart([], 0, 49.5, 30)).toMatchObject({ codFee: null, total: 0 });
  });

  it('leaves products that are gone out of the totals', () => {
    const s = summarizeCart([line(1, 500, 2), line(2, 900, 1, { available: false, price: 0 })], 0);
    expect(s.available.map((l) => l.id)).toEqual([1]);
    expect(s.unavailable.map((l) => l.id)).toEqual([2]);
    expect(s.subtotal).toBe(1000);
    expect(s.total).toBe(1000);
  });

  it('never lets the discount exceed the subtotal or go negative', () => {
    expect(summarizeCart([line(1, 250, 1)], 400)).toMatchObject({ discount: 250, total: 0 });
    expect(summarizeCart([line(1, 250, 1)], -50)).toMatchObject({ discount: 0, total: 250 });
    expect(summarizeCart([], 100)).toMatchObject({ subtotal: 0, discount: 0, total: 0 });
  });
});

describe('cart edits shown before the server answers', () => {
  const cart: Cart = { items: [line(1, 100, 1), line(2, 50.5, 2)], count: 2, subtotal: 201, shipping: 40, total: 241, delivery: null, codFee: null };

  it('changes one quantity, kept within 1 and 99, and re-adds the subtotal', () => {
    expect(withQuantity(cart, 2, 3)).toMatchObject({ subtotal: 251.5, count: 2 });
    expect(withQuantity(cart, 1, 0).items[0]?.quantity).toBe(1);
    expect(withQuantity(cart, 1, 150).items[0]?.quantity).toBe(99);
  });

  it('removes a line', () => {
    expect(withoutLine(cart, 1)).toEqual({ items: [line(2, 50.5, 2)], count: 1, subtotal: 101, shipping: 40, total: 141, delivery: null, codFee: null });
    expect(withoutLine(withoutLine(cart, 1), 2)).toMatchObject({ subtotal: 0, shipping: 0, total: 0 });
  });
});

describe('helpers', () => {
  it('clamps quantities to whole numbers from 1 to 99', () => {
    expect([0, -1, 1.7, 42, 100, Number.NaN].map(clampQuantity)).toEqual([1, 1, 1, 42, 99, 1]);
  });

  it('labels the item count', () => {
    expect(itemCountLabel(1)).toBe('1 item');
    expect(itemCountLabel(3)).toBe('3 items');
  });

  it('sends exactly the cart lines to checkout', () => {
    expect(orderItems([line(4, 10, 2), line(9, 5, 1)])).toEqual([
      { productId: 4, quantity: 2 },
      { productId: 9, quantity: 1 },
    ]);
  });
});
