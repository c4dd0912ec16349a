import { describe, expect, it } from 'vitest';
import { ADMIN_ORDERS_PAGE_SIZE, AdminOrder, AdminOrderList, AdminOrdersQuery, DispatchInput, OrderStatusInput } from './admin-orders.schemas';
import { accepted, eachValue, refused } from './testing/schema-outcome';

describe('the admin order list query', () => {
  it('lists all orders of all time, newest first, without a page unless given one', () => {
    expect(ADMIN_ORDERS_PAGE_SIZE).toBe(25);
    expect(accepted(AdminOrdersQuery, {})).toStrictEqual({ status: 'all', period: 'all', q: '', pageSize: 25 });
  });

  it.each([
    [{ status: 'placed' }, {}],
    [{ status: 'dispatched', period: '1y' }, {}],
    [{ status: 'delivered', period: '6m' }, {}],
    [{ status: 'canceled', period: '1m' }, {}],
    [{ q: ' kit ' }, { q: 'kit' }],
    [{ q: ` ${'q'.repeat(200)} ` }, { q: 'q'.repeat(200) }],
    [
      { page: '1', pageSize: '1' },
      { page: 1, pageSize: 1 },
    ],
    [{ page: 100_000, pageSize: 100 }, {}],
  ])('reads %j', (query, expected) => {
    expect(accepted(AdminOrdersQuery, query)).toMatchObject({ ...query, ...expected });
  });

  it.each(eachValue({ status: ['pending_payment', 'refunded'], period: ['2y'], q: ['q'.repeat(201)], page: [0, 100_001, 1.5], pageSize: [0, 101] }))(
    'refuses %j',
    (query) => {
      expect(Object.keys(refused(AdminOrdersQuery, query))).toEqual(Object.keys(query));
    },
  );
});

describe("an order's next status", () => {
  const dispatch = { status: 'dispatched', courier: 'Delhivery', trackingNumber: 'AB123' };
  const link = (length: number) => `https://track.example/${'a'.repeat(length - 'https://track.example/'.length)}`;

  it.each([
    [{ status: 'delivered' }, {}],
    [{ status: 'canceled', courier: undefined }, {}],
    // The original dashboard dispatches with the status alone; the details come later.
    [{ status: 'dispatched' }, {}],
    [{ status: 'dispatched', trackingUrl: '' }, {}],
    [dispatch, {}],
    [
      { ...dispatch, courier: ' Blue Dart ', trackingNumber: ' AB 12/34-5 ' },
      { courier: 'Blue Dart', trackingNumber: 'AB 12/34-5' },
    ],
    [{ ...dispatch, courier: 'c'.repeat(60), trackingNumber: `7${'x'.repeat(39)}` }, {}],
    [{ ...dispatch, trackingNumber: 'AB1' }, {}],
    [{ ...dispatch, trackingUrl: '' }, {}],
    [{ ...dispatch, trackingUrl: 'http://track.example/AB123' }, {}],
    [{ ...dispatch, trackingUrl: link(500) }, {}],
  ])('accepts %j', (input, expected) => {
    expect(accepted(OrderStatusInput, input)).toStrictEqual({ ...input, ...expected });
  });

  const trackingChars = 'A tracking number has letters, digits, spaces, - and /';
  const httpLink = 'The tracking link must be an http(s) address';
  it.each([
    [{ status: 'shipped' }, { status: expect.any(String) }],
    [
      { status: 'dispatched', trackingUrl: 'https://track.example/AB123' },
      { courier: 'Enter the courier', trackingNumber: 'Enter the tracking number' },
    ],
    [{ status: 'dispatched', courier: 'Delhivery' }, { trackingNumber: 'Enter the tracking number' }],
    [{ status: 'dispatched', trackingNumber: 'AB123' }, { courier: 'Enter the courier' }],
    [{ ...dispatch, courier: '  ' }, { courier: 'Enter the courier' }],
    [{ ...dispatch, courier: 'c'.repeat(61) }, { courier: 'The courier name has at most 60 characters' }],
    [{ ...dispatch, trackingNumber: ' AB ' }, { trackingNumber: 'Enter the tracking number' }],
    [{ ...dispatch, trackingNumber: `7${'x'.repeat(40)}` }, { trackingNumber: 'The tracking number has at most 40 characters' }],
    [{ ...dispatch, trackingNumber: '-AB123' }, { trackingNumber: trackingChars }],
    [{ ...dispatch, trackingNumber: 'AB123#' }, { trackingNumber: trackingChars }],
    [{ ...dispatch, trackingUrl: 'ftp://track.example/AB123' }, { trackingUrl: httpLink }],
    [{ ...dispatch, trackingUrl: 'xhttp://track.example/AB123' }, { trackingUrl: httpLink }],
    [{ ...dispatch, trackingUrl: 'httpsx://track.example/AB123' }, { trackingUrl: httpLink }],
    [{ ...dispatch, trackingUrl: link(501) }, { trackingUrl: expect.any(String) }],
  ])('refuses %j: %j', (input, fields) => {
    expect(refused(OrderStatusInput, input)).toEqual(fields);
  });
});

describe('the dispatch details added later', () => {
  it('needs the courier and the tracking number, and takes a link', () => {
    expect(accepted(DispatchInput, { courier: ' DTDC ', trackingNumber: 'D1234', trackingUrl: 'https://track.example/D1234' })).toStrictEqual({
      courier: 'DTDC',
      trackingNumber: 'D1234',
      trackingUrl: 'https://track.example/D1234',
    });
    expect(refused(DispatchInput, {})).toEqual({ courier: expect.any(String), trackingNumber: expect.any(String) });
    expect(refused(DispatchInput, { courier: 'DTDC', trackingNumber: 'D1#' })).toEqual({
      trackingNumber: 'A tracking number has letters, digits, spaces, - and /',
    });
  });
});

it('passes the admin order list through whole', () => {
  const order = {
    orderId: 'order_1',
    customerEmail: 'fan@example.com',
    customerPhone: '+919876543210',
    products: [{ name: 'Drone Kit', quantity: 2 }],
    totalAmount: 2998,
    createdAt: '2026-11-23T10:00:00.000Z',
    status: 'placed',
    razorpayOrderId: null,
    razorpayPaymentId: 'pay_1',
    shippingAddress: '12 MG Road, Pune',
    nextStatuses: ['dispatched', 'delivered', 'canceled'],
    refunded: 0,
    refundPending: 100,
    flag: null,
    courier: null,
    trackingNumber: null,
    trackingUrl: null,
    paymentMethod: 'cod',
    codToCollect: 2998,
    codFee: 30,
    codCollectedAt: null,
    returnedAt: null,
  };
  expect(accepted(AdminOrder, order)).toEqual(order);
  expect(accepted(AdminOrderList, [order])).toEqual([order]);
});
