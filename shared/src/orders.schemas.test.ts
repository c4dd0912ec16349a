import { describe, expect, it } from 'vitest';
import { MAX_ID } from './catalogue.schemas';
import {
  AddToCartInput,
  Cart,
  CouponCode,
  CreatedOrder,
  CreateOrderInput,
  ProcessOrderInput,
  SetQuantityInput,
  UserOrder,
  VerifyCouponInput,
  VerifyCouponResult,
} from './orders.schemas';
import { accepted, eachValue, refused } from './testing/schema-outcome';

const quantityRule = 'quantity must be a whole number from 1 to 99';
const productIdRule = 'productId must be a product id';

describe('the cart', () => {
  it.each([
    [AddToCartInput, { productId: 7 }, { productId: 7, quantity: 1 }],
    [AddToCartInput, { productId: 1, quantity: 1 }, { productId: 1, quantity: 1 }],
    [AddToCartInput, { productId: MAX_ID, quantity: 99 }, { productId: MAX_ID, quantity: 99 }],
    [SetQuantityInput, { quantity: 99 }, { quantity: 99 }],
  ])('takes %#: %j', (schema, input, expected) => {
    expect(accepted(schema, input)).toEqual(expected);
  });

  it.each([
    [AddToCartInput, {}, { productId: productIdRule }],
    [AddToCartInput, { productId: '7' }, { productId: productIdRule }],
    [AddToCartInput, { productId: 0 }, { productId: expect.any(String) }],
    [AddToCartInput, { productId: MAX_ID + 1 }, { productId: expect.any(String) }],
    [AddToCartInput, { productId: 7.5 }, { productId: expect.any(String) }],
    [AddToCartInput, { productId: 7, quantity: 0 }, { quantity: quantityRule }],
    [AddToCartInput, { productId: 7, quantity: 100 }, { quantity: quantityRule }],
    [SetQuantityInput, {}, { quantity: quantityRule }],
    [SetQuantityInput, { quantity: '2' }, { quantity: quantityRule }],
    [SetQuantityInput, { quantity: 1.5 }, { quantity: quantityRule }],
  ])('refuses %#: %j', (schema, input, fields) => {
    expect(refused(schema, input)).toEqual(fields);
  });
});

describe('coupon codes at checkout', () => {
  it.each([
    [' SAVE10 ', 'SAVE10'],
    ['C'.repeat(40), 'C'.repeat(40)],
  ])('takes %j as %j', (code, expected) => {
    expect(accepted(CouponCode, code)).toBe(expected);
  });

  it.each([
    ['', 'Enter a coupon code'],
    ['   ', 'Enter a coupon code'],
    ['C'.repeat(41), 'Coupon codes have at most 40 characters'],
  ])('refuses %j: %s', (code, message) => {
    expect(refused(CouponCode, code)).toEqual({ form: message });
  });

  it('checks a code and ignores the total and product the original app sends', () => {
    expect(accepted(VerifyCouponInput, { code: ' SAVE10 ', totalAmount: '1499', productId: 'x' })).toEqual({
      code: 'SAVE10',
      totalAmount: '1499',
      productId: 'x',
    });
    expect(accepted(VerifyCouponInput, { code: 'SAVE10' })).toEqual({ code: 'SAVE10' });
    expect(refused(VerifyCouponInput, {})).toEqual({ code: expect.any(String) });
  });
});

describe('placing an order', () => {
  const items = (count: number) => Array.from({ length: count }, (_, i) => ({ productId: i + 1, quantity: 1 }));

  it.each([
    [{ items: items(1) }, {}],
    [{ items: items(100) }, {}],
    [{ items: items(1), couponCode: ' SAVE10 ' }, { couponCode: 'SAVE10' }],
    [{ items: items(1), couponCode: '' }, {}],
    [{ items: items(1), couponCode: null }, {}],
  ])('takes %#', (input, expected) => {
    // paymentMethod defaults to online (cash on delivery is asked for by name, decision 044).
    expect(accepted(CreateOrderInput, input)).toEqual({ ...input, paymentMethod: 'online', ...expected });
  });

  it.each([
    [{}, { items: expect.any(String) }],
    [{ items: [] }, { items: 'Your cart is empty' }],
    [{ items: items(101) }, { items: expect.any(String) }],
    [{ items: [...items(2), { productId: 2, quantity: 3 }] }, { items: 'Each product may appear once' }],
    [{ items: [{ productId: 1, quantity: 100 }] }, { 'items.0.quantity': quantityRule }],
    [{ items: [{ quantity: 1 }] }, { 'items.0.productId': productIdRule }],
    [{ items: items(1), couponCode: 'C'.repeat(41) }, { couponCode: expect.any(String) }],
  ])('refuses %#: %j', (input, fields) => {
    expect(refused(CreateOrderInput, input)).toEqual(fields);
  });
});

describe('a payment to process', () => {
  const payment = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };

  it('takes the three razorpay fields up to their lengths and keeps whatever else comes along', () => {
    const longest = { razorpay_order_id: 'o'.repeat(100), razorpay_payment_id: 'p'.repeat(100), razorpay_signature: 's'.repeat(200) };
    expect(accepted(ProcessOrderInput, longest)).toEqual(longest);
    expect(accepted(ProcessOrderInput, { ...payment, orderId: 'x' })).toEqual({ ...payment, orderId: 'x' });
  });

  it.each(eachValue({ razorpay_order_id: ['', 'o'.repeat(101)], razorpay_payment_id: ['', 'p'.repeat(101)], razorpay_signature: ['', 's'.repeat(201)] }))(
    'refuses %j',
    (change) => {
      expect(Object.keys(refused(ProcessOrderInput, { ...payment, ...change }))).toEqual(Object.keys(change));
    },
  );
});

describe('order answers', () => {
  const line = { id: 1, quantity: 2, title: 'Drone Kit', price: 1499.5, image: null, available: true, previousPrice: 1399, stock: 4 };
  it.each([
    [
      'the cart',
      Cart,
      {
        items: [line],
        count: 2,
        subtotal: 2999,
        shipping: 60,
        total: 3059,
        delivery: { pincode: '411001', serviceable: true, days: '3-5', cod: false },
        codFee: null,
      },
    ],
    ['a coupon check', VerifyCouponResult, { success: true, discount: 100, message: 'Coupon applied', code: 'SAVE10' }],
    ['a created order', CreatedOrder, { id: 'order_1', amount: 299_900, currency: 'INR', discount: 0, orderId: 'RK-1', provider: 'razorpay', key: 'rzp_test' }],
    ['a created order', CreatedOrder, { id: 'order_2', amount: 100, currency: 'INR', discount: 0, orderId: 'RK-2', provider: 'simulated', key: '' }],
    [
      "a shopper's order",
      UserOrder,
      {
        id: 1,
        order_id: 'RK-1',
        created_at: '2026-11-23T10:00:00.000Z',
        status: 'dispatched',
        items: [{ title: 'Drone Kit', quantity: 2, price: 1499.5, image_url: null }],
        address: '12 MG Road, Pune',
        phone: '+919876543210',
        total_amount: 3059,
        shipping: 60,
        discount: 0,
        coupon_code: null,
        refunded: 0,
        refund_pending: 0,
        courier: 'Delhivery',
        trackingNumber: 'AB123',
        trackingUrl: null,
        invoice: 'RK/26-27/000001',
        creditNotes: [{ id: 3, number: 'RKC/26-27/00001' }],
        paymentMethod: 'cod',
        codToCollect: 3059,
        codFee: 30,
        codCollectedAt: null,
        returnedAt: null,
      },
    ],
  ])('%s passes through whole', (_n, schema, answer) => {
    expect(accepted(schema, answer)).toEqual(answer);
  });
});
