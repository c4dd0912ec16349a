import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../src/modules/orders/orders.service';
import { moneyOf, roverAndCable, startAdminShop, type Admin } from './helpers/admin-shop';
import { as, GST_SHOP, makeCoupon, mailsOfKind, paidOrderFrom } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { verifiedShopper } from './helpers/shoppers';
import type { TestShop } from './helpers/test-app';
import { expectLines, pdfText } from './helpers/pdf';

/** GST credit notes: a processed refund of an invoiced order gets one, with the refund's tax. */
describe.each(DB_KINDS)('GST credit notes on %s', (kind) => {
  let shop: TestShop, admin: Admin, kit: { id: number }, cable: { id: number };
  beforeAll(async () => {
    const t = await startAdminShop(kind, 'Kits', { SIMULATED_WEBHOOK_DELAY_MS: '60000', ...GST_SHOP });
    ({ shop, admin } = t);
    ({ kit, cable } = await roverAndCable(t, 'Credit'));
    await makeCoupon(shop, { code: `CN${kind}`, discount_paise: 118_00 });
  });
  afterAll(() => shop.close());

  async function paidOrder(state: string, options: { coupon?: boolean; cable?: boolean } = {}) {
    const items: [number, number][] = [[kit.id, 1], ...(options.cable ? [[cable.id, 2] as [number, number]] : [])];
    const { s, api, order } = await paidOrderFrom(shop, state, items, options.coupon ? `CN${kind}` : undefined);
    return { s, api, orderId: order.orderId };
  }

  const creditNotesOf = async (api: ReturnType<typeof as>, orderId: string) =>
    ((await api.get('/api/UserOrders')).json().orders as { order_id: string; creditNotes: { id: number; number: string }[] }[]).find(
      (o) => o.order_id === orderId,
    )!.creditNotes;
  /** The order's line of the cable (paidOrder with `cable`), as the admin's money view shows it. */
  const cableLineOf = async (orderId: string) => (await moneyOf(admin, orderId)).lines.find((l) => l.title === 'Credit Cable')!;
  /** The admin refunds the order (an amount, or lines); `step` names the refund's idempotency key. */
  const refund = (orderId: string, step: string, body: { amount: number; reason?: string } | { lines: number[] }) =>
    admin.post(`/api/admin/orders/${orderId}/refunds`, { ...body, idempotencyKey: `cn-${step}-${kind}-${orderId}` });
  /** The text of the order's first credit note, once the refund asked for has gone through. */
  const firstNoteText = async (api: ReturnType<typeof as>, orderId: string) => {
    await reconcile(shop.app.orderDeps, 30);
    const [note] = await creditNotesOf(api, orderId);
    return pdfText((await api.get(`/api/orders/${orderId}/credit-notes/${note!.id}.pdf`)).rawPayload);
  };
  /** The text of the credit note of a refund of an order that had none: the refund is taken (201) and goes through. */
  const noteOfRefund = async (api: ReturnType<typeof as>, orderId: string, step: string, body: Parameters<typeof refund>[2]) => {
    const res = await refund(orderId, step, body);
    expect(res.statusCode, res.body).toBe(201);
    return firstNoteText(api, orderId);
  };

  it('gives a cancelled order with a coupon one credit note for the whole refund, split CGST and SGST, mailed with the refund', async () => {
    const { s, api, orderId } = await paidOrder('Maharashtra', { coupon: true });
    expect((await admin.patch(`/api/UserOrders/${orderId}`, { status: 'canceled' })).statusCode).toBe(200);
    // Nothing yet: the refund is still pending at the provider.
    expect(await creditNotesOf(api, orderId)).toEqual([]);
    await reconcile(shop.app.orderDeps, 30);
    await reconcile(shop.app.orderDeps, 30);
    const notes = await creditNotesOf(api, orderId);
    expect(notes).toEqual([{ id: expect.any(Number), number: expect.stringMatching(/^RKC\/\d\d-\d\d\/\d{5}$/) }]);

    const res = await api.get(`/api/orders/${orderId}/credit-notes/${notes[0]!.id}.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Credit note number: ${notes[0]!.number}`);
    expect(text).toMatch(/Against invoice: RK\/\d\d-\d\d\/\d{6} of \d{4}-\d\d-\d\d/);
    // ₹1,062 paid (₹1,180 less ₹118) comes back: ₹900 taxable and ₹162 tax in halves.
    expectLines(text, ['Taxable value: Rs. 900.00', 'CGST: Rs. 81.00', 'SGST: Rs. 81.00', 'Credit note total: Rs. 1,062.00']);

    const mail = (await mailsOfKind(shop, 'refund-processed')).find((m) => m.to_address === s.email)!;
    expect(mail.text_body).toMatch(/Attachments: credit-note-RKC-\d\d-\d\d-\d{5}\.pdf/);
    // The admin sees and downloads it too.
    const money = await moneyOf(admin, orderId);
    expect(money.creditNotes).toEqual(notes);
    expect((await admin.get(`/api/admin/orders/${orderId}/credit-notes/${notes[0]!.id}.pdf`)).statusCode).toBe(200);
  });

  it('credits a part refund of an order to another state with IGST, to the paisa', async () => {
    const { api, orderId } = await paidOrder('Karnataka');
    const text = await noteOfRefund(api, orderId, 'part', { amount: 100, reason: 'Scratched box' });
    expectLines(
      text,
      [
        'Reason: Scratched box',
        'Place of supply: Karnataka (29)',
        // ₹100 at 18 %: ₹84.75 taxable, ₹15.25 IGST.
        'Taxable value: Rs. 84.75',
        'IGST: Rs. 15.25',
        'Credit note total: Rs. 100.00',
      ],
      ['CGST:'],
    );
  });

  it('credits a refund of whole lines with those lines only', async () => {
    const { api, orderId } = await paidOrder('Maharashtra', { cable: true });
    const cableLine = await cableLineOf(orderId);
    const text = await noteOfRefund(api, orderId, 'lines', { lines: [cableLine.id] });
    expectLines(
      text,
      [
        'Credit Cable',
        // 2 × ₹236 = ₹472: ₹400 taxable, ₹72 tax.
        'Taxable value: Rs. 400.00',
        'Credit note total: Rs. 472.00',
      ],
      ['Credit Rover'],
    );
  });

  it('credits what is left on a cancellation after a refund of lines, never the refunded line again', async () => {
    const { api, orderId } = await paidOrder('Maharashtra', { cable: true });
    const cableLine = await cableLineOf(orderId);
    await refund(orderId, 'then', { lines: [cableLine.id] });
    await reconcile(shop.app.orderDeps, 30);
    expect((await admin.patch(`/api/UserOrders/${orderId}`, { status: 'canceled' })).statusCode).toBe(200);
    await reconcile(shop.app.orderDeps, 30);
    const notes = await creditNotesOf(api, orderId);
    expect(notes).toHaveLength(2);
    const rest = pdfText((await api.get(`/api/orders/${orderId}/credit-notes/${notes[1]!.id}.pdf`)).rawPayload);
    expect(rest).toContain('Credit Rover');
    expect(rest).not.toContain('Credit Cable');
    expect(rest).toContain('Taxable value: Rs. 1,000.00');
    expect(rest).toContain('Credit note total: Rs. 1,180.00');
  });

  it('shows a credit note to its owner and the admin only', async () => {
    const { api, orderId } = await paidOrder('Maharashtra');
    await refund(orderId, 'own', { amount: 10 });
    await reconcile(shop.app.orderDeps, 30);
    const [note] = await creditNotesOf(api, orderId);
    const url = `/api/orders/${orderId}/credit-notes/${note!.id}.pdf`;
    const stranger = await verifiedShopper(shop);
    expect((await as(shop, stranger.cookie).get(url)).statusCode).toBe(404);
    expect((await shop.app.inject(url)).statusCode).toBe(401);
    expect((await api.get(`/api/orders/${orderId}/credit-notes/${note!.id + 1000}.pdf`)).statusCode).toBe(404);
    expect((await api.get(`/api/orders/${orderId}/credit-notes/abc.pdf`)).statusCode).toBe(400);
  });

  it('numbers credit notes without gaps or repeats when many refunds complete at once on two app processes', async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => paidOrder('Maharashtra')));
    for (const o of orders) await refund(o.orderId, 'many', { amount: 5 });
    const other = await shop.secondApp();
    await Promise.all([reconcile(shop.app.orderDeps, 30), reconcile(other.orderDeps, 30), reconcile(shop.app.orderDeps, 30)]);
    const numbers = (await shop.db.selectFrom('credit_notes').select('number').execute()).map((r) => r.number).sort();
    const seqs = numbers.map((n) => Number(n.split('/')[2]));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(seqs.length).toBeGreaterThanOrEqual(8);
  });
});
