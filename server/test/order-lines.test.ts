import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linesOfOrder } from '../src/modules/orders/order-lines';
import { DB_KINDS, freshDb, type TestDb } from './helpers/databases';
import { orderRow } from './helpers/rows';

describe.each(DB_KINDS)("an order's lines as the modules beside orders read them (linesOfOrder) on %s", (kind) => {
  let t: TestDb;
  let orderId: number;

  beforeAll(async () => {
    t = await freshDb(kind);
    const at = new Date().toISOString();
    const orders = await t.db
      .insertInto('orders')
      .values([orderRow(at, { order_code: 'RK000001', email: 'a@example.com' }), orderRow(at, { order_code: 'RK000002', email: 'b@example.com' })])
      .returning('id')
      .execute();
    orderId = orders[0]!.id;
    await t.db
      .insertInto('order_lines')
      .values([
        { order_id: orderId, product_id: null, title: 'Servo', unit_price_paise: 45_000, quantity: 2, restocked_quantity: 0, return_held_quantity: 0 },
        {
          order_id: orders[1]!.id,
          product_id: null,
          title: 'Not this order',
          unit_price_paise: 100,
          quantity: 1,
          restocked_quantity: 0,
          return_held_quantity: 0,
        },
        { order_id: orderId, product_id: null, title: 'Cable', unit_price_paise: 2_099, quantity: 3, restocked_quantity: 1, return_held_quantity: 1 },
      ])
      .execute();
  });
  afterAll(() => t.dispose());

  it('answers the columns asked for, of that order only, in the order they were bought, the price and counts as numbers', async () => {
    const lines = await linesOfOrder(t.db, orderId, ['title', 'quantity', 'unit_price_paise', 'restocked_quantity', 'return_held_quantity']);
    expect(lines).toEqual([
      { title: 'Servo', quantity: 2, unit_price_paise: 45_000, restocked_quantity: 0, return_held_quantity: 0 },
      { title: 'Cable', quantity: 3, unit_price_paise: 2_099, restocked_quantity: 1, return_held_quantity: 1 },
    ]);
  });

  it('leaves the nullable columns as they are (a product gone, no GST rate) and reads nothing for an order without lines', async () => {
    expect(await linesOfOrder(t.db, orderId, ['product_id', 'gst_rate_bp', 'variant_id'])).toEqual([
      { product_id: null, gst_rate_bp: null, variant_id: null },
      { product_id: null, gst_rate_bp: null, variant_id: null },
    ]);
    expect(await linesOfOrder(t.db, orderId + 1_000, ['id'])).toEqual([]);
  });
});
