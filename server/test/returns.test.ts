import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../src/modules/orders/orders.service';
import { multipart, png } from './helpers/admin';
import { roverAndCable, startAdminShop, type Admin } from './helpers/admin-shop';
import { GST_SHOP, makeCoupon, mailsOfKind, paidOrderFrom, type as } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { ORIGIN } from './helpers/shoppers';
import { stockOf, type TestShop } from './helpers/test-app';

type Api = ReturnType<typeof as>;
interface Item {
  lineId: number;
  title: string;
  quantity: number;
  returnable: number;
}
interface Order {
  order_id: string;
  status: string;
  cancelable: boolean;
  returnUntil: string | null;
  items: Item[];
  returns: { id: number; status: string; message: string | null; refund: { amount: number; status: string } | null; photos: number[] }[];
  refunded: number;
  creditNotes: { id: number }[];
}

/** Shopper cancellations and returns (issue 27 item 2, decision 048). */
describe.each(DB_KINDS)('shopper cancellations and returns on %s', (kind) => {
  let shop: TestShop, admin: Admin, kit: { id: number }, cable: { id: number };
  beforeAll(async () => {
    const t = await startAdminShop(kind, 'Kits', { SIMULATED_WEBHOOK_DELAY_MS: '60000', FORM_RATE_LIMIT: '1000', ...GST_SHOP });
    ({ shop, admin } = t);
    ({ kit, cable } = await roverAndCable(t, 'Return', 50));
  });
  afterAll(() => shop.close());

  const orderOf = async (api: Api, orderId: string) => ((await api.get('/api/UserOrders')).json().orders as Order[]).find((o) => o.order_id === orderId)!;
  const stockNow = async (id: number) => Number(await stockOf(shop, id));
  const refundsOf = (orderId: string) =>
    shop.db
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .select(['refunds.id', 'refunds.amount_paise', 'refunds.kind', 'refunds.status'])
      .where('orders.order_code', '=', orderId)
      .execute();

  async function delivered(
    items: [number, number][] = [
      [kit.id, 1],
      [cable.id, 2],
    ],
  ) {
    const { s, api, order } = await paidOrderFrom(shop, 'Maharashtra', items);
    expect((await admin.patch(`/api/UserOrders/${order.orderId}`, { status: 'delivered' })).statusCode).toBe(200);
    return { s, api, orderId: order.orderId, lines: (await orderOf(api, order.orderId)).items };
  }

  describe('cancel order', () => {
    it('cancels a placed order: refunded at once, units and coupon use back, credit note, mailed', async () => {
      await makeCoupon(shop, { code: `ONCE${kind}`, discount_paise: 100_00, usage_limit: 1, once_per_customer: 1 });
      const before = await stockNow(kit.id);
      const { s, api, order } = await paidOrderFrom(shop, 'Maharashtra', [[kit.id, 1]], `ONCE${kind}`);
      expect(await stockNow(kit.id)).toBe(before - 1);
      expect((await orderOf(api, order.orderId)).cancelable).toBe(true);
      const res = await api.post(`/api/orders/${order.orderId}/cancel`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'Your order has been canceled.', refund: 1080 });
      expect(await stockNow(kit.id)).toBe(before);
      const coupon = await shop.db.selectFrom('coupons').select(['used_count', 'reserved_count']).where('code', '=', `ONCE${kind}`).executeTakeFirstOrThrow();
      expect({ used: Number(coupon.used_count), held: Number(coupon.reserved_count) }).toEqual({ used: 0, held: 0 });
      await reconcile(shop.app.orderDeps, 30);
      const after = await orderOf(api, order.orderId);
      expect(after).toMatchObject({ status: 'canceled', cancelable: false, refunded: 1080 });
      expect(after.creditNotes).toHaveLength(1);
      expect((await mailsOfKind(shop, 'order-canceled')).some((m) => m.to_address === s.email)).toBe(true);
      // Again: nothing more happens.
      expect((await api.post(`/api/orders/${order.orderId}/cancel`)).statusCode).toBe(409);
      expect(await refundsOf(order.orderId)).toHaveLength(1);
    });

    it("refuses another shopper's order (404) and a dispatched one (409)", async () => {
      const mine = await paidOrderFrom(shop, 'Maharashtra', [[cable.id, 1]]);
      const other = await paidOrderFrom(shop, 'Maharashtra', [[cable.id, 1]]);
      const stranger = await other.api.post(`/api/orders/${mine.order.orderId}/cancel`);
      expect(stranger.statusCode).toBe(404);
      expect((await orderOf(mine.api, mine.order.orderId)).status).toBe('placed');
      expect((await admin.patch(`/api/UserOrders/${mine.order.orderId}`, { status: 'dispatched' })).statusCode).toBe(200);
      expect((await orderOf(mine.api, mine.order.orderId)).cancelable).toBe(false);
      const late = await mine.api.post(`/api/orders/${mine.order.orderId}/cancel`);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('This order can no longer be canceled: it has been dispatched or is already closed.');
      expect(await refundsOf(mine.order.orderId)).toHaveLength(0);
      // Signed out: 401.
      expect((await shop.app.inject({ method: 'POST', url: `/api/orders/${mine.order.orderId}/cancel`, headers: { origin: ORIGIN } })).statusCode).toBe(401);
    });

    it('refunds once when the shopper cancels twice at the same moment as the admin', async () => {
      const { api, order } = await paidOrderFrom(shop, 'Maharashtra', [[kit.id, 1]]);
      const answers = await Promise.all([
        api.post(`/api/orders/${order.orderId}/cancel`),
        api.post(`/api/orders/${order.orderId}/cancel`),
        admin.patch(`/api/UserOrders/${order.orderId}`, { status: 'canceled' }),
      ]);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 409)).toBe(true);
      expect(await refundsOf(order.orderId)).toHaveLength(1);
    });
  });

  describe('returns', () => {
    it('takes a return of one line within the window, the admin approves, receives (restock) and refunds it once, with a credit note and a mail at every step', async () => {
      const { s, api, orderId, lines } = await delivered();
      const cableLine = lines.find((l) => l.title === 'Return Cable')!;
      const seen = await orderOf(api, orderId);
      expect(seen.returnUntil).not.toBeNull();
      expect(cableLine.returnable).toBe(2);

      const res = await api.post(`/api/orders/${orderId}/returns`, { lines: [{ lineId: cableLine.lineId, quantity: 1 }], reason: 'One cable is frayed' });
      expect(res.statusCode, res.body).toBe(201);
      const ret = res.json();
      expect(ret).toMatchObject({
        status: 'requested',
        reason: 'One cable is frayed',
        lines: [{ lineId: cableLine.lineId, title: 'Return Cable', quantity: 1 }],
        refund: null,
      });
      expect((await orderOf(api, orderId)).items.find((l) => l.lineId === cableLine.lineId)!.returnable).toBe(1);

      const list = await admin.get('/api/admin/returns?status=requested');
      expect(list.statusCode).toBe(200);
      expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
      const row = (list.json() as { id: number; orderId: string; value: number; customerEmail: string }[]).find((r) => r.id === ret.id)!;
      expect(row).toMatchObject({ orderId, value: 236, customerEmail: s.email });

      // Approved twice at the same moment: one approval.
      const approvals = await Promise.all(
        [1, 2].map(() => admin.patch(`/api/admin/returns/${ret.id}`, { status: 'approved', message: 'Send it back in its box' })),
      );
      expect(approvals.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect((await mailsOfKind(shop, 'return-approved')).filter((m) => m.to_address === s.email)).toHaveLength(1);
      // Refunding before receipt is refused.
      expect((await admin.post(`/api/admin/returns/${ret.id}/refund`, {})).statusCode).toBe(409);

      const stock = await stockNow(cable.id);
      const received = await admin.patch(`/api/admin/returns/${ret.id}`, { status: 'received', restock: true });
      expect(received.statusCode, received.body).toBe(200);
      expect(received.json()).toMatchObject({ status: 'received', restocked: true, message: 'Send it back in its box' });
      expect(await stockNow(cable.id)).toBe(stock + 1);

      // More than the return's value is refused; refunded twice at the same moment: once.
      expect((await admin.post(`/api/admin/returns/${ret.id}/refund`, { amount: 500 })).statusCode).toBe(409);
      const refunds = await Promise.all([1, 2, 3].map(() => admin.post(`/api/admin/returns/${ret.id}/refund`, {})));
      expect(refunds.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(refunds.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
      const made = await refundsOf(orderId);
      expect(made).toEqual([expect.objectContaining({ kind: 'return', amount_paise: 236_00 })]);

      await reconcile(shop.app.orderDeps, 30);
      const after = await orderOf(api, orderId);
      expect(after.returns).toEqual([expect.objectContaining({ id: ret.id, status: 'refunded', refund: { amount: 236, status: 'processed' } })]);
      expect(after.refunded).toBe(236);
      expect(after.creditNotes).toHaveLength(1);
      const pdf = await api.get(`/api/orders/${orderId}/credit-notes/${after.creditNotes[0]!.id}.pdf`);
      expect(pdf.statusCode).toBe(200);
      for (const step of ['requested', 'approved', 'received', 'refunded']) {
        expect(
          (await mailsOfKind(shop, `return-${step}`)).some((m) => m.to_address === s.email),
          step,
        ).toBe(true);
      }
    });

    it('never returns more than was bought, also when requests race, and a rejected return frees its units', async () => {
      const { api, orderId, lines } = await delivered([[cable.id, 2]]);
      const line = lines[0]!;
      const tooMany = await api.post(`/api/orders/${orderId}/returns`, { lines: [{ lineId: line.lineId, quantity: 3 }], reason: 'Too many' });
      expect(tooMany.statusCode).toBe(409);
      const race = await Promise.all(
        [1, 2, 3, 4].map(() => api.post(`/api/orders/${orderId}/returns`, { lines: [{ lineId: line.lineId, quantity: 1 }], reason: 'Racing returns' })),
      );
      expect(race.filter((r) => r.statusCode === 201)).toHaveLength(2);
      expect(race.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409)).toBe(true);
      const held = await shop.db.selectFrom('order_lines').select('return_held_quantity').where('id', '=', line.lineId).executeTakeFirstOrThrow();
      expect(Number(held.return_held_quantity)).toBe(2);

      const first = race.find((r) => r.statusCode === 201)!.json();
      const rejected = await admin.patch(`/api/admin/returns/${first.id}`, { status: 'rejected', message: 'Used beyond repair' });
      expect(rejected.statusCode).toBe(200);
      const seen = await orderOf(api, orderId);
      expect(seen.returns.find((r) => r.id === first.id)).toMatchObject({ status: 'rejected', message: 'Used beyond repair' });
      expect(seen.items[0]!.returnable).toBe(1);
      expect((await admin.patch(`/api/admin/returns/${first.id}`, { status: 'approved' })).statusCode).toBe(409);
    });

    it('never pays for the same goods twice: a line in a return is not refunded as a line, a line refunded is not returned, also when both race', async () => {
      const { api, orderId, lines } = await delivered();
      const kitLine = lines.find((l) => l.title !== 'Return Cable')!;
      const cableLine = lines.find((l) => l.title === 'Return Cable')!;
      const refundLines = (ids: number[], key: string) => admin.post(`/api/admin/orders/${orderId}/refunds`, { lines: ids, idempotencyKey: `${key}-${kind}` });
      const refundableOf = async () =>
        ((await admin.get(`/api/admin/orders/${orderId}/money`)).json().lines as { id: number; refundable: boolean }[]).map((l) => [l.id, l.refundable]);

      // One cable in a return: the line is not refundable as a whole line any more, and the money view says so.
      const asked = await api.post(`/api/orders/${orderId}/returns`, { lines: [{ lineId: cableLine.lineId, quantity: 1 }], reason: 'Frayed' });
      expect(asked.statusCode).toBe(201);
      expect(await refundableOf()).toEqual(
        expect.arrayContaining([
          [cableLine.lineId, false],
          [kitLine.lineId, true],
        ]),
      );
      const refused = await refundLines([cableLine.lineId], 'held-line');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'line_in_return',
        message: 'A chosen line has units in a return: refund them from the return, or refund an amount.',
      });

      // The kit's line refunded whole at the same moment as the shopper asks to return it: one of the two, never both.
      const [refund, ret] = await Promise.all([
        refundLines([kitLine.lineId], 'race-line'),
        api.post(`/api/orders/${orderId}/returns`, { lines: [{ lineId: kitLine.lineId, quantity: 1 }], reason: 'Racing the refund' }),
      ]);
      expect([refund.statusCode === 201, ret.statusCode === 201].filter(Boolean)).toHaveLength(1);
      if (refund.statusCode === 201) {
        expect(ret.statusCode).toBe(409);
        expect((await orderOf(api, orderId)).items.find((l) => l.lineId === kitLine.lineId)!.returnable).toBe(0);
        expect((await api.post(`/api/orders/${orderId}/returns`, { lines: [{ lineId: kitLine.lineId, quantity: 1 }], reason: 'Again' })).statusCode).toBe(409);
      } else {
        expect(refund.statusCode).toBe(409);
      }
      expect(await refundableOf()).toEqual(expect.arrayContaining([[kitLine.lineId, false]]));
    });

    it("refuses a return after the window, of an order not delivered, of another shopper's order, and bad input with a 4xx", async () => {
      const { api, orderId, lines } = await delivered([[cable.id, 1]]);
      const body = { lines: [{ lineId: lines[0]!.lineId, quantity: 1 }], reason: 'Changed my mind' };
      const other = await delivered([[cable.id, 1]]);
      expect((await other.api.post(`/api/orders/${orderId}/returns`, body)).statusCode).toBe(404);
      expect((await api.post(`/api/orders/${orderId}/returns`, { ...body, lines: [{ lineId: other.lines[0]!.lineId, quantity: 1 }] })).statusCode).toBe(400);
      expect((await api.post(`/api/orders/${orderId}/returns`, { lines: [], reason: 'x' })).statusCode).toBe(400);
      expect((await api.post(`/api/orders/${orderId}/returns`, { lines: [{ lineId: 'a', quantity: -1 }], reason: 'Changed my mind' })).statusCode).toBe(400);
      expect((await api.post(`/api/orders/${orderId}/returns`, '{"lines":')).statusCode).toBe(400);

      // Eight days after delivery the seven-day window has closed.
      await shop.db
        .updateTable('orders')
        .set({ delivered_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
        .where('order_code', '=', orderId)
        .execute();
      expect((await orderOf(api, orderId)).returnUntil).toBeNull();
      const late = await api.post(`/api/orders/${orderId}/returns`, body);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('The return window (7 days after delivery) has closed for this order.');

      const placed = await paidOrderFrom(shop, 'Maharashtra', [[cable.id, 1]]);
      const placedLine = (await orderOf(placed.api, placed.order.orderId)).items[0]!;
      const notYet = await placed.api.post(`/api/orders/${placed.order.orderId}/returns`, {
        lines: [{ lineId: placedLine.lineId, quantity: 1 }],
        reason: 'Not arrived',
      });
      expect(notYet.statusCode).toBe(409);
    });

    it('takes photos (images only), shows them to the owner and the admin only', async () => {
      const { api, orderId, lines, s } = await delivered([[kit.id, 1]]);
      const form = (parts: { name: string; value: string | Buffer; filename?: string; type?: string }[], cookie = s.cookie) => {
        const { payload, headers } = multipart(parts);
        return shop.app.inject({ method: 'POST', url: `/api/orders/${orderId}/returns`, headers: { cookie, origin: ORIGIN, ...headers }, payload });
      };
      const fields = [
        { name: 'lines', value: JSON.stringify([{ lineId: lines[0]!.lineId, quantity: 1 }]) },
        { name: 'reason', value: 'Arrived broken' },
      ];
      const notImage = await form([...fields, { name: 'photos', value: Buffer.from('not an image'), filename: 'a.png', type: 'image/png' }]);
      expect(notImage.statusCode).toBe(400);
      const res = await form([...fields, { name: 'photos', value: await png('#00ff00'), filename: 'broken.png', type: 'image/png' }]);
      expect(res.statusCode, res.body).toBe(201);
      const ret = res.json();
      expect(ret.photos).toHaveLength(1);
      const url = `/api/orders/${orderId}/returns/${ret.id}/photos/${ret.photos[0]}`;
      const mine = await api.get(url);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('image/png');
      const other = await delivered([[cable.id, 1]]);
      expect((await other.api.get(url)).statusCode).toBe(404);
      expect((await admin.get(`/api/admin/returns/${ret.id}/photos/${ret.photos[0]}`)).statusCode).toBe(200);
      // Not served as a public upload.
      const key = (await shop.db.selectFrom('return_photos').select('storage_key').where('return_id', '=', ret.id).executeTakeFirstOrThrow()).storage_key;
      expect((await shop.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
    });

    it('lists returns for the admin by status with X-Total-Count, and refuses a bad status', async () => {
      const all = await admin.get('/api/admin/returns');
      expect(all.statusCode).toBe(200);
      expect(Number(all.headers['x-total-count'])).toBe((all.json() as unknown[]).length);
      const refunded = (await admin.get('/api/admin/returns?status=refunded')).json() as { status: string }[];
      expect(refunded.every((r) => r.status === 'refunded')).toBe(true);
      expect((await admin.get('/api/admin/returns?status=returned')).statusCode).toBe(400);
      expect((await admin.patch('/api/admin/returns/999999', { status: 'approved' })).statusCode).toBe(404);
      expect((await admin.patch('/api/admin/returns/1', { status: 'refunded' })).statusCode).toBe(400);
      expect((await shop.app.inject({ method: 'GET', url: '/api/admin/returns' })).statusCode).toBe(401);
    });
  });
});
