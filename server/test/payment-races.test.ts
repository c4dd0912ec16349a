import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPaise } from '@shared/money';
import { hmacHex } from '../src/modules/payments/signatures';
import { taxDocumentsIssued } from '../src/modules/invoices/invoices.service';
import { adminToken } from './helpers/admin';
import { moneyOf, startAdminShop, type Admin, type Factories } from './helpers/admin-shop';
import { as, GST_SHOP, makeCoupon, payInSimulation } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { pdfText } from './helpers/pdf';
import { random } from './helpers/seeded-random';
import { overHttp } from './helpers/over-http';
import { verifiedShopper } from './helpers/shoppers';
import { stockOf, type TestShop } from './helpers/test-app';

/**
 * Decision 121: an outside reviewer's attack on payments, refunds and returns, as real requests
 * over HTTP spread over two app servers on one PostgreSQL database (one server on SQLite), the
 * requests of a round sent all at once in an order drawn per round, several rounds.
 */
const ROUNDS = 3;

interface Answer {
  status: number;
  body: { code?: string; message?: string; success?: boolean; status?: string; id?: string; orderId?: string; amount?: number };
}

describe.each(DB_KINDS)('payments, refunds and returns raced on %s', (kind) => {
  let shop: TestShop, f: Factories, categoryId: number, admin: Admin;
  let bases: string[];
  let token: string;

  beforeAll(async () => {
    ({ shop, f, categoryId, admin } = await startAdminShop(kind, 'Raced money', {
      ...GST_SHOP,
      SIMULATED_WEBHOOK_DELAY_MS: '60000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT: '0',
      FORM_RATE_LIMIT: '100000',
    }));
    bases = [await shop.app.listen({ port: 0, host: '127.0.0.1' })];
    if (kind === 'postgres') bases.push(await (await shop.secondApp()).listen({ port: 0, host: '127.0.0.1' }));
    token = await adminToken(shop);
    // Shipping and a COD fee that do not divide evenly: part of what is paid, never of a line's refund.
    expect((await admin.put('/api/admin/shipping', { flatRate: 49.99, cod: { enabled: true, maxReturns: null, fee: 40 } })).statusCode).toBe(200);
  });
  afterAll(() => shop.close());

  /** A request over HTTP to server `node` (modulo the servers there are). */
  const send = (node: number, method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
    overHttp(bases[node % bases.length]!, method, path, body, headers);
  const staff = (node: number, method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown) =>
    send(node, method, path, body, { authorization: `Bearer ${token}` });
  const webhook = (node: number, event: Record<string, unknown>, eventId: string, sign = (raw: string) => shop.app.simulatedPayments!.signWebhook(raw)) => {
    const raw = JSON.stringify(event);
    return send(node, 'POST', '/api/razorpay/webhook', raw, { 'x-razorpay-signature': sign(raw), 'x-razorpay-event-id': eventId });
  };
  const captured = (orderId: string, paymentId: string, amount: number) => ({
    event: 'payment.captured',
    payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', status: 'captured' } } },
  });

  async function allAtOnce(requests: (() => Promise<Answer>)[], seed: number): Promise<Answer[]> {
    const draw = random(seed + 7);
    const order = requests.map((_, i) => ({ i, key: draw() })).sort((a, b) => a.key - b.key);
    const answers: Answer[] = [];
    await Promise.all(order.map(async ({ i }) => (answers[i] = await requests[i]!())));
    return answers;
  }
  const no5xx = (answers: Answer[]) => expect(answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);

  async function shopperOrdering(items: [number, number][], extra: Record<string, unknown> = {}) {
    const s = await verifiedShopper(shop);
    const api = as(shop, s.cookie);
    for (const [productId, quantity] of items) expect((await api.post('/api/cart', { productId, quantity })).statusCode).toBe(200);
    const created = await api.post('/api/createBulkOrder', { items: items.map(([productId, quantity]) => ({ productId, quantity })), ...extra });
    expect(created.statusCode, created.body).toBe(200);
    return { s, api, created: created.json() as { id: string; orderId: string; amount: number } };
  }
  const orderRow = (code: string) => shop.db.selectFrom('orders').selectAll().where('order_code', '=', code).executeTakeFirstOrThrow();
  const paymentsOf = async (orderId: number) =>
    shop.db.selectFrom('order_payments').select(['provider_payment_id', 'amount_paise', 'refunded_paise', 'late']).where('order_id', '=', orderId).execute();
  const refundsOf = async (orderId: number) =>
    shop.db.selectFrom('refunds').select(['id', 'amount_paise', 'status', 'kind']).where('order_id', '=', orderId).orderBy('id').execute();

  it('places an order once when its verify call, its webhook repeated and an order.paid for it arrive at once on both servers; a late payment is refunded once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const kit = await f.product({ title: `Paid kit ${round}`, categoryId, pricePaise: 118_000, stock: 20 });
      const orders = await Promise.all(Array.from({ length: 6 }, () => shopperOrdering([[kit.id, 1]])));
      const paid = await Promise.all(orders.map((o) => payInSimulation(shop, o.s.cookie, o.created.id)));
      const requests = orders.flatMap((o, i) => {
        const p = paid[i]!;
        return [
          () => send(0, 'POST', '/api/processOrder', p, { cookie: o.s.cookie }),
          () => send(1, 'POST', '/api/processOrder', p, { cookie: o.s.cookie }),
          () => webhook(1, captured(p.razorpay_order_id, p.razorpay_payment_id, o.created.amount), `evt_a_${p.razorpay_payment_id}`),
          () => webhook(0, captured(p.razorpay_order_id, p.razorpay_payment_id, o.created.amount), `evt_a_${p.razorpay_payment_id}`),
          () =>
            webhook(
              1,
              {
                event: 'order.paid',
                payload: {
                  order: { entity: { id: p.razorpay_order_id, amount: o.created.amount } },
                  payment: { entity: { id: p.razorpay_payment_id, order_id: p.razorpay_order_id, amount: o.created.amount, status: 'captured' } },
                },
              },
              `evt_b_${p.razorpay_payment_id}`,
            ),
          () =>
            webhook(
              0,
              { event: 'payment.failed', payload: { payment: { entity: { id: p.razorpay_payment_id, order_id: p.razorpay_order_id, status: 'failed' } } } },
              `evt_c_${p.razorpay_payment_id}`,
            ),
        ];
      });
      const answers = await allAtOnce(requests, round);
      no5xx(answers);
      for (let i = 0; i < orders.length; i++) {
        const mine = answers.slice(i * 6, i * 6 + 6);
        expect(mine.slice(0, 2).map((a) => a.body.success)).toEqual([true, true]);
        expect(mine.slice(2).every((a) => a.status === 200)).toBe(true);
        const row = await orderRow(orders[i]!.created.orderId);
        expect(row.status).toBe('placed');
        expect(await paymentsOf(row.id)).toEqual([
          { provider_payment_id: paid[i]!.razorpay_payment_id, amount_paise: orders[i]!.created.amount, refunded_paise: 0, late: 0 },
        ]);
        const invoices = await shop.db.selectFrom('invoices').select('number').where('order_id', '=', row.id).execute();
        expect(invoices).toHaveLength(1);
        const receipts = await shop.db.selectFrom('outbox').select('id').where('kind', '=', 'receipt').where('to_address', '=', orders[i]!.s.email).execute();
        expect(receipts).toHaveLength(1);
      }
      expect(await stockOf(shop, kit.id)).toBe(20 - orders.length);

      // Late: orders abandoned (a new checkout cancels them), then paid in the old tab; verify and webhooks at once.
      const late = await Promise.all(Array.from({ length: 4 }, () => shopperOrdering([[kit.id, 1]])));
      for (const o of late) expect((await o.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }] })).statusCode).toBe(200);
      const latePaid = await Promise.all(late.map((o) => payInSimulation(shop, o.s.cookie, o.created.id)));
      const lateAnswers = await allAtOnce(
        late.flatMap((o, i) => {
          const p = latePaid[i]!;
          return [
            () => send(0, 'POST', '/api/processOrder', p, { cookie: o.s.cookie }),
            () => send(1, 'POST', '/api/processOrder', p, { cookie: o.s.cookie }),
            () => webhook(1, captured(p.razorpay_order_id, p.razorpay_payment_id, o.created.amount), `evt_l_${p.razorpay_payment_id}`),
            () => webhook(0, captured(p.razorpay_order_id, p.razorpay_payment_id, o.created.amount), `evt_m_${p.razorpay_payment_id}`),
          ];
        }),
        round + 100,
      );
      no5xx(lateAnswers);
      for (let i = 0; i < late.length; i++) {
        const mine = lateAnswers.slice(i * 4, i * 4 + 4);
        expect(mine.slice(0, 2).map((a) => a.body.code)).toEqual(['payment_late', 'payment_late']);
        const row = await orderRow(late[i]!.created.orderId);
        expect(row).toMatchObject({ status: 'canceled', flag: 'late_payment' });
        expect(await paymentsOf(row.id)).toEqual([
          { provider_payment_id: latePaid[i]!.razorpay_payment_id, amount_paise: late[i]!.created.amount, refunded_paise: late[i]!.created.amount, late: 1 },
        ]);
        expect((await refundsOf(row.id)).map((r) => [r.kind, r.amount_paise])).toEqual([['late_payment', late[i]!.created.amount]]);
      }
    }
  });

  it('never places an order for a capture of another amount, nor for a payment of another order: recorded and refunded once, also by the reconciliation; tampered and foreign signatures refused', async () => {
    const kit = await f.product({ title: 'Priced kit', categoryId, pricePaise: 50_000, stock: 40 });
    /** The provider captured `paise` for this order, not its total (as Razorpay would report it). */
    const capturedAs = (paymentId: string, paise: number) =>
      shop.db.updateTable('simulated_payments').set({ amount_paise: paise }).where('id', '=', paymentId).execute();
    for (let round = 0; round < ROUNDS; round++) {
      // Its webhook and the browser's verify call at once: one of them is first (the verify call trusts the provider's
      // order amount), never a deadlock between the placing and the recording of the payment.
      const both = await Promise.all(Array.from({ length: 4 }, () => shopperOrdering([[kit.id, 1]])));
      const bothPaid = await Promise.all(both.map((o) => payInSimulation(shop, o.s.cookie, o.created.id)));
      for (const p of bothPaid) await capturedAs(p.razorpay_payment_id, 100);
      const raced = await allAtOnce(
        both.flatMap((o, i) => {
          const p = bothPaid[i]!;
          return [
            () => webhook(0, captured(p.razorpay_order_id, p.razorpay_payment_id, 100), `evt_r_${p.razorpay_payment_id}`),
            () => webhook(1, captured(p.razorpay_order_id, p.razorpay_payment_id, 100), `evt_q_${p.razorpay_payment_id}`),
            () => webhook(1, captured(p.razorpay_order_id, p.razorpay_payment_id, 100), `evt_r_${p.razorpay_payment_id}`),
            () => send(1, 'POST', '/api/processOrder', p, { cookie: o.s.cookie }),
          ];
        }),
        round + 40,
      );
      no5xx(raced);
      for (let i = 0; i < both.length; i++) expect(await paymentsOf((await orderRow(both[i]!.created.orderId)).id)).toHaveLength(1);

      const short = await Promise.all(Array.from({ length: 3 }, () => shopperOrdering([[kit.id, 1]])));
      const shortPaid = await Promise.all(short.map((o) => payInSimulation(shop, o.s.cookie, o.created.id)));
      for (const p of shortPaid) await capturedAs(p.razorpay_payment_id, 100);
      // The capture's webhook, twice on both servers at once (with two event ids); then the browser's verify call, which
      // trusts the provider's order amount (Razorpay captures an order's payment for its amount), comes too late to place it.
      const answers = await allAtOnce(
        shortPaid.flatMap((p) => [
          () => webhook(0, captured(p.razorpay_order_id, p.razorpay_payment_id, 100), `evt_s_${p.razorpay_payment_id}`),
          () => webhook(1, captured(p.razorpay_order_id, p.razorpay_payment_id, 100), `evt_t_${p.razorpay_payment_id}`),
          () => webhook(1, captured(p.razorpay_order_id, p.razorpay_payment_id, 100), `evt_s_${p.razorpay_payment_id}`),
        ]),
        round,
      );
      no5xx(answers);
      const verified = await allAtOnce(
        short.map((o, i) => () => send(i, 'POST', '/api/processOrder', shortPaid[i], { cookie: o.s.cookie })),
        round + 30,
      );
      expect(verified.map((a) => a.body.code)).toEqual(short.map(() => 'payment_late'));
      const { reconcile } = await import('../src/modules/orders/orders.service');
      await reconcile(shop.app.orderDeps, 0);
      for (let i = 0; i < short.length; i++) {
        const row = await orderRow(short[i]!.created.orderId);
        expect(row).toMatchObject({ status: 'canceled', flag: 'late_payment', paid_at: null });
        expect(await paymentsOf(row.id)).toEqual([{ provider_payment_id: shortPaid[i]!.razorpay_payment_id, amount_paise: 100, refunded_paise: 100, late: 1 }]);
        expect((await refundsOf(row.id)).map((r) => [r.kind, r.amount_paise])).toEqual([['late_payment', 100]]);
        expect(await shop.db.selectFrom('invoices').select('id').where('order_id', '=', row.id).execute()).toEqual([]);
      }
      // A capture of another amount whose webhook never came: the reconciliation cancels the order and refunds it.
      const silent = await shopperOrdering([[kit.id, 1]]);
      const silentPaid = await payInSimulation(shop, silent.s.cookie, silent.created.id);
      await capturedAs(silentPaid.razorpay_payment_id, silent.created.amount - 1);
      await reconcile(shop.app.orderDeps, 0);
      const silentRow = await orderRow(silent.created.orderId);
      expect(silentRow.status).toBe('canceled');
      expect(await paymentsOf(silentRow.id)).toEqual([
        { provider_payment_id: silentPaid.razorpay_payment_id, amount_paise: silent.created.amount - 1, refunded_paise: silent.created.amount - 1, late: 1 },
      ]);

      // Another order's payment: signed for the first order, or named in a signed webhook for the second.
      const [first, second] = await Promise.all([shopperOrdering([[kit.id, 1]]), shopperOrdering([[kit.id, 1]])]);
      const p = await payInSimulation(shop, first!.s.cookie, first!.created.id);
      const q = await payInSimulation(shop, second!.s.cookie, second!.created.id);
      const crossed = await allAtOnce(
        [
          () => send(0, 'POST', '/api/processOrder', p, { cookie: first!.s.cookie }),
          () => send(1, 'POST', '/api/processOrder', { ...p, razorpay_order_id: q.razorpay_order_id }, { cookie: second!.s.cookie }),
          () => webhook(1, captured(p.razorpay_order_id, p.razorpay_payment_id, first!.created.amount), `evt_y_${p.razorpay_payment_id}`),
        ],
        round + 50,
      );
      no5xx(crossed);
      expect(crossed[0]!.body.success).toBe(true);
      expect(crossed[1]!.status).toBe(400);
      // Only the provider can sign a webhook naming the first order's payment for the second (it never does):
      // the payment is the first order's already, so it places nothing.
      const named = await webhook(0, captured(q.razorpay_order_id, p.razorpay_payment_id, second!.created.amount), `evt_x_${p.razorpay_payment_id}`);
      expect(named.status).toBe(200);
      const firstRow = await orderRow(first!.created.orderId);
      const secondRow = await orderRow(second!.created.orderId);
      expect(firstRow.status).toBe('placed');
      expect(await paymentsOf(firstRow.id)).toEqual([
        { provider_payment_id: p.razorpay_payment_id, amount_paise: first!.created.amount, refunded_paise: 0, late: 0 },
      ]);
      expect(secondRow).toMatchObject({ status: 'pending_payment', paid_at: null });
      expect(await paymentsOf(secondRow.id)).toEqual([]);

      // Tampered body, another secret, no signature: 400, nothing placed.
      const good = JSON.stringify(captured(q.razorpay_order_id, q.razorpay_payment_id, second!.created.amount));
      const signature = shop.app.simulatedPayments!.signWebhook(good);
      const tampered = good.replace(`"amount":${second!.created.amount}`, '"amount":100');
      const refused = await allAtOnce(
        [
          () => send(0, 'POST', '/api/razorpay/webhook', tampered, { 'x-razorpay-signature': signature }),
          () => send(1, 'POST', '/api/razorpay/webhook', `${good} `, { 'x-razorpay-signature': signature }),
          () => webhook(1, JSON.parse(good) as Record<string, unknown>, `evt_foreign_${round}`, (raw) => hmacHex('another-secret', raw)),
          () => send(0, 'POST', '/api/razorpay/webhook', good, {}),
        ],
        round + 60,
      );
      expect(refused.map((a) => a.status)).toEqual([400, 400, 400, 400]);
      expect((await orderRow(second!.created.orderId)).status).toBe('pending_payment');
    }
  });

  /** The invoice and credit notes of an order as the PDFs and GST returns compute them: each document's total in paise. */
  async function documentsOf(orderCode: string) {
    const docs = (await taxDocumentsIssued(shop.db, shop.app.config, new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000))).filter(
      (d) => d.orderCode === orderCode,
    );
    const total = (d: (typeof docs)[number]) => d.lines.reduce((sum, l) => sum + l.totalPaise, 0);
    return { invoices: docs.filter((d) => d.kind === 'invoice').map(total), creditNotes: docs.filter((d) => d.kind === 'credit-note').map(total) };
  }
  const linesOf = async (api: ReturnType<typeof as>, code: string) =>
    ((await api.get('/api/UserOrders')).json().orders as { order_id: string; items: { lineId: number; quantity: number; title: string }[] }[]).find(
      (o) => o.order_id === code,
    )!.items;
  async function paid(items: [number, number][], coupon?: string) {
    const o = await shopperOrdering(items, coupon ? { couponCode: coupon } : {});
    const p = await payInSimulation(shop, o.s.cookie, o.created.id);
    expect((await o.api.post('/api/processOrder', p)).json().success).toBe(true);
    return { ...o, code: o.created.orderId, lines: await linesOf(o.api, o.created.orderId) };
  }
  /** Refunds still pending settled as the provider answers them (its webhooks are minutes away here). */
  const settleRefunds = async () => {
    const { reconcileRefunds } = await import('../src/modules/refunds/refunds.service');
    await reconcileRefunds(shop.app.orderDeps);
  };
  /** What the order's payments, refunds, invoice and credit notes say, each to the paisa. */
  async function expectMoneyAgrees(code: string, shopper?: ReturnType<typeof as>) {
    const row = await orderRow(code);
    const payments = (await paymentsOf(row.id)).filter((p) => !p.late);
    const refunds = await refundsOf(row.id);
    const held = refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amount_paise, 0);
    const paidPaise = payments.reduce((s, p) => s + p.amount_paise, 0);
    expect(payments.reduce((s, p) => s + p.refunded_paise, 0)).toBe(held);
    expect(held).toBeLessThanOrEqual(paidPaise);
    const docs = await documentsOf(code);
    if (docs.invoices.length) expect(docs.invoices).toEqual([row.total_paise]);
    const notes = await shop.db.selectFrom('credit_notes').select(['refund_id', 'amount_paise']).where('order_id', '=', row.id).orderBy('id').execute();
    const noteAmounts = notes.map((n) => (n.refund_id === null ? n.amount_paise : refunds.find((r) => r.id === n.refund_id)!.amount_paise));
    expect(docs.creditNotes).toEqual(noteAmounts);
    expect(refunds.filter((r) => r.status === 'processed').map((r) => r.id)).toEqual(notes.flatMap((n) => (n.refund_id === null ? [] : [n.refund_id])));
    // What the admin's order view and the shopper's Your Orders show, in rupees, is what the rows hold.
    const money = await moneyOf(admin, code);
    expect(Math.round(money.refundable * 100)).toBe(paidPaise - held);
    expect(money.refunds.map((r) => [r.id, Math.round(r.amount * 100), r.status])).toEqual(refunds.map((r) => [r.id, r.amount_paise, r.status]));
    if (shopper) {
      const mine = (
        (await shopper.get('/api/UserOrders')).json().orders as { order_id: string; total_amount: number; refunded: number; refund_pending: number }[]
      ).find((o) => o.order_id === code)!;
      const sum = (status: string) => refunds.filter((r) => r.status === status).reduce((t, r) => t + r.amount_paise, 0);
      expect([mine.total_amount, mine.refunded, mine.refund_pending].map((r) => Math.round(r * 100))).toEqual([
        row.total_paise,
        sum('processed'),
        sum('pending'),
      ]);
      // And the PDFs the shopper downloads print the same totals.
      const rs = (paise: number) => formatPaise(paise).replace('₹', 'Rs. ');
      if (docs.invoices.length)
        expect(pdfText((await shopper.get(`/api/orders/${code}/invoice.pdf`)).rawPayload)).toContain(`Invoice total: ${rs(row.total_paise)}`);
      const listed = ((await shopper.get('/api/UserOrders')).json().orders as { order_id: string; creditNotes: { id: number }[] }[]).find(
        (o) => o.order_id === code,
      )!;
      for (const [i, note] of listed.creditNotes.entries()) {
        expect(pdfText((await shopper.get(`/api/orders/${code}/credit-notes/${note.id}.pdf`)).rawPayload)).toContain(
          `Credit note total: ${rs(noteAmounts[i]!)}`,
        );
      }
    }
    return { row, refunds, held, paidPaise, docs };
  }

  it('refunds a line, amounts and the rest at once from two admins on both servers while the shopper cancels: never beyond what was paid, units back once, notes to the paisa', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const rover = await f.product({ title: `Refund rover ${round}`, categoryId, pricePaise: 1_180_00, stock: 30 });
      const cable = await f.product({ title: `Refund cable ${round}`, categoryId, pricePaise: 236_33, stock: 30 });
      await makeCoupon(shop, { code: `RACE${kind}${round}`, discount_paise: 101_01 });
      const orders = await Promise.all(
        Array.from({ length: 3 }, () =>
          paid(
            [
              [rover.id, 1],
              [cable.id, 3],
            ],
            `RACE${kind}${round}`,
          ),
        ),
      );
      const key = () => `k-${Math.random().toString(36).slice(2)}`;
      // The cancellations come with the refunds in round 0, a moment after them in round 1, not at all in round 2.
      const cancel = async (request: () => Promise<Answer>): Promise<Answer> => {
        if (round === 2) return { status: 409, body: { code: 'not_sent' } };
        if (round === 1) await new Promise((r) => setTimeout(r, 40));
        return request();
      };
      const requests = orders.flatMap((o) => {
        const roverLine = o.lines.find((l) => l.title === rover.title)!.lineId;
        return [
          () => staff(0, 'POST', `/api/admin/orders/${o.code}/refunds`, { lines: [roverLine], idempotencyKey: key() }),
          () => staff(1, 'POST', `/api/admin/orders/${o.code}/refunds`, { lines: [roverLine], idempotencyKey: key() }),
          () => staff(0, 'POST', `/api/admin/orders/${o.code}/refunds`, { amount: 500.55, idempotencyKey: key() }),
          () => staff(1, 'POST', `/api/admin/orders/${o.code}/refunds`, { amount: 500.55, idempotencyKey: key() }),
          () => staff(1, 'POST', `/api/admin/orders/${o.code}/refunds`, { amount: 700, idempotencyKey: key() }),
          () => cancel(() => staff(0, 'PATCH', `/api/UserOrders/${o.code}`, { status: 'canceled' })),
          () => cancel(() => send(1, 'POST', `/api/orders/${o.code}/cancel`, {}, { cookie: o.s.cookie })),
        ];
      });
      const answers = await allAtOnce(requests, round);
      no5xx(answers);
      // Every refusal is the shop's own: too large, the line refunded already, the order closed meanwhile.
      expect(answers.filter((a) => a.status >= 400).every((a) => a.status < 500 && typeof a.body.code === 'string')).toBe(true);
      await settleRefunds();
      let roversOut = 0;
      let cablesOut = 0;
      for (const [i, o] of orders.entries()) {
        const mine = answers.slice(i * 7, i * 7 + 7);
        const won = (a: Answer) => a.status === 200 || a.status === 201;
        // At most one of the two admins refunding the same line at once; one cancellation at most.
        expect(mine.slice(0, 2).filter(won).length).toBeLessThanOrEqual(1);
        expect(mine.slice(5).filter(won).length).toBe(round < 2 ? 1 : 0);
        const { row, held, paidPaise } = await expectMoneyAgrees(o.code, o.api);
        expect(row.status).toBe(round < 2 ? 'canceled' : 'placed');
        if (round < 2) expect(held).toBe(paidPaise);
        // The rover's unit comes back once (its line refunded, or the order canceled); the cables with a cancellation.
        if (round === 2 && !mine.slice(0, 2).some(won)) roversOut++;
        if (round === 2) cablesOut += 3;
      }
      expect(await stockOf(shop, rover.id)).toBe(30 - roversOut);
      expect(await stockOf(shop, cable.id)).toBe(30 - cablesOut);

      // The provider's events again, late and out of order, on both servers: refund.failed after refund.processed,
      // the placing payment's payment.captured and payment.failed after its refunds. Nothing moves.
      const before = await Promise.all(
        orders.map(async (o) => {
          const row = await orderRow(o.code);
          return { row, payments: await paymentsOf(row.id), refunds: await refundsOf(row.id) };
        }),
      );
      const replays = await allAtOnce(
        before.flatMap(({ row }, i) => [
          ...before[i]!.refunds.map((r) => async () => {
            const provider = await shop.db
              .selectFrom('refunds')
              .select(['provider_refund_id', 'idempotency_key', 'amount_paise'])
              .where('id', '=', r.id)
              .executeTakeFirstOrThrow();
            return webhook(
              i,
              {
                event: 'refund.failed',
                payload: {
                  refund: {
                    entity: {
                      id: provider.provider_refund_id,
                      payment_id: row.provider_payment_id,
                      amount: provider.amount_paise,
                      status: 'failed',
                      notes: { refund_key: provider.idempotency_key },
                    },
                  },
                },
              },
              `evt_rf_${r.id}_${kind}`,
            );
          }),
          () => webhook(i + 1, captured(row.provider_order_id!, row.provider_payment_id!, row.total_paise), `evt_again_${row.id}_${kind}`),
          () =>
            webhook(
              i,
              { event: 'payment.failed', payload: { payment: { entity: { id: row.provider_payment_id, order_id: row.provider_order_id, status: 'failed' } } } },
              `evt_failed_${row.id}_${kind}`,
            ),
        ]),
        round + 3,
      );
      no5xx(replays);
      for (const [i, o] of orders.entries()) {
        const row = await orderRow(o.code);
        expect({ status: row.status, flag: row.flag, payments: await paymentsOf(row.id), refunds: await refundsOf(row.id) }).toEqual({
          status: before[i]!.row.status,
          flag: before[i]!.row.flag,
          payments: before[i]!.payments,
          refunds: before[i]!.refunds,
        });
        await expectMoneyAgrees(o.code, o.api);
      }
    }
  });

  it('returns: asked twice at once, for more than bought, after the window, for a line of another order or a part of a kit; decided, received and refunded twice at once on both servers; units back once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const rover = await f.product({ title: `Return rover ${round}`, categoryId, pricePaise: 1_180_00, stock: 30 });
      const cable = await f.product({ title: `Return cable ${round}`, categoryId, pricePaise: 236_33, stock: 30 });
      const kit = await f.product({ title: `Return kit ${round}`, categoryId, pricePaise: 2_000_00 });
      expect((await admin.put(`/api/admin/products/${kit.id}/parts`, { parts: [{ productId: cable.id, quantity: 2 }] })).statusCode).toBe(200);
      await makeCoupon(shop, { code: `RET${kind}${round}`, discount_percent: 7 });
      const o = await paid(
        [
          [rover.id, 1],
          [cable.id, 3],
          [kit.id, 1],
        ],
        `RET${kind}${round}`,
      );
      const stranger = await paid([[cable.id, 1]]);
      for (const code of [o.code, stranger.code]) expect((await staff(0, 'PATCH', `/api/UserOrders/${code}`, { status: 'delivered' })).status).toBe(200);
      const cableLine = o.lines.find((l) => l.title === cable.title)!.lineId;
      const roverLine = o.lines.find((l) => l.title === rover.title)!.lineId;
      const kitLine = o.lines.find((l) => l.title === kit.title)!.lineId;
      const part = await shop.db.selectFrom('order_line_parts').select('id').where('order_line_id', '=', kitLine).executeTakeFirstOrThrow();
      const ask = (node: number, lines: { lineId: number; quantity: number }[]) =>
        send(node, 'POST', `/api/orders/${o.code}/returns`, { lines, reason: 'Not as described' }, { cookie: o.s.cookie });
      const asked = await allAtOnce(
        [
          () => ask(0, [{ lineId: cableLine, quantity: 2 }]),
          () => ask(1, [{ lineId: cableLine, quantity: 2 }]),
          () => ask(0, [{ lineId: cableLine, quantity: 4 }]),
          () => ask(1, [{ lineId: stranger.lines[0]!.lineId, quantity: 1 }]),
          // (a part's id that is also a line's id of this order names that line: then an id of nothing)
          () => ask(0, [{ lineId: o.lines.some((l) => l.lineId === part.id) ? 2_000_000_000 : part.id, quantity: 1 }]),
          () => ask(1, [{ lineId: kitLine, quantity: 2 }]),
          () => ask(0, [{ lineId: roverLine, quantity: 1 }]),
          () => ask(1, [{ lineId: roverLine, quantity: 1 }]),
        ],
        round,
      );
      no5xx(asked);
      const ok = (a: Answer) => a.status === 201;
      expect(asked.slice(0, 2).filter(ok)).toHaveLength(1);
      expect(asked.slice(2, 6).map((a) => a.body.code)).toEqual(['return_too_many', 'line_not_in_order', 'line_not_in_order', 'return_too_many']);
      expect(asked.slice(6).filter(ok)).toHaveLength(1);
      const ids = asked.filter(ok).map((a) => a.body.id as unknown as number);
      const decide = (node: number, id: number, body: Record<string, unknown>) => staff(node, 'PATCH', `/api/admin/returns/${id}`, body);
      for (const step of [{ status: 'approved' }, { status: 'received', restock: true }]) {
        const moved = await allAtOnce(
          ids.flatMap((id) => [() => decide(0, id, step), () => decide(1, id, step)]),
          round + 10,
        );
        no5xx(moved);
        for (let i = 0; i < ids.length; i++) expect([moved[2 * i]!.status, moved[2 * i + 1]!.status].sort()).toEqual([200, 409]);
      }
      // Received with restock, once each: two cables and the rover back on sale.
      expect([await stockOf(shop, rover.id), await stockOf(shop, cable.id)]).toEqual([30, 30 - 3 - 2 - 1 + 2]);
      const refunded = await allAtOnce(
        [
          ...ids.flatMap((id) => [
            () => staff(0, 'POST', `/api/admin/returns/${id}/refund`, {}),
            () => staff(1, 'POST', `/api/admin/returns/${id}/refund`, {}),
          ]),
          () => staff(0, 'POST', `/api/admin/orders/${o.code}/refunds`, { lines: [cableLine], idempotencyKey: `line-${o.code}` }),
          () => staff(1, 'POST', `/api/admin/orders/${o.code}/refunds`, { amount: 99.99, idempotencyKey: `amount-${o.code}` }),
          () => staff(0, 'PATCH', `/api/admin/returns/${ids[0]}`, { status: 'received', restock: true }),
        ],
        round + 20,
      );
      no5xx(refunded);
      for (let i = 0; i < ids.length; i++) expect([refunded[2 * i]!.status, refunded[2 * i + 1]!.status].sort()).toEqual([200, 409]);
      // The cable line has units in a return: refunded from the return, never as a whole line too.
      expect(refunded[2 * ids.length]!.status).toBeGreaterThanOrEqual(400);
      expect(refunded[2 * ids.length + 1]!.status).toBe(201);
      expect(refunded[2 * ids.length + 2]!.status).toBe(409);
      await settleRefunds();
      const { refunds } = await expectMoneyAgrees(o.code, o.api);
      expect(refunds.map((r) => r.kind).sort()).toEqual(['partial', 'return', 'return']);
      expect(refunds.every((r) => r.status === 'processed')).toBe(true);
      expect([await stockOf(shop, rover.id), await stockOf(shop, cable.id)]).toEqual([30, 30 - 3 - 2 - 1 + 2]);

      // The kit's line refunded whole by two admins at once on both servers: once, and its parts stay with the
      // shopper (the order was delivered): no unit back on sale, and the line can no longer be returned.
      const kitRefunds = await allAtOnce(
        [
          () => staff(0, 'POST', `/api/admin/orders/${o.code}/refunds`, { lines: [kitLine], idempotencyKey: `kit-a-${o.code}` }),
          () => staff(1, 'POST', `/api/admin/orders/${o.code}/refunds`, { lines: [kitLine], idempotencyKey: `kit-b-${o.code}` }),
          () => ask(round, [{ lineId: kitLine, quantity: 1 }]),
        ],
        round + 25,
      );
      no5xx(kitRefunds);
      // One of the three: a refund of the line, or the shopper's return of it.
      expect(kitRefunds.filter((a) => a.status === 201)).toHaveLength(1);
      const returned = kitRefunds[2]!.status === 201;
      const again = await staff(round, 'POST', `/api/admin/orders/${o.code}/refunds`, { lines: [kitLine], idempotencyKey: `kit-c-${o.code}` });
      expect(again.body.code).toBe(returned ? 'line_in_return' : 'line_not_refundable');
      expect((await ask(round + 1, [{ lineId: kitLine, quantity: 1 }])).body.code).toBe('return_too_many');
      expect([await stockOf(shop, rover.id), await stockOf(shop, cable.id)]).toEqual([30, 30 - 3 - 2 - 1 + 2]);
      // The other shopper's delivered cable refunded as a whole line: the cable stays with them, not back on sale.
      expect(
        (
          await staff(round, 'POST', `/api/admin/orders/${stranger.code}/refunds`, {
            lines: [stranger.lines[0]!.lineId],
            idempotencyKey: `kept-${stranger.code}`,
          })
        ).status,
      ).toBe(201);
      expect([await stockOf(shop, rover.id), await stockOf(shop, cable.id)]).toEqual([30, 30 - 3 - 2 - 1 + 2]);
      await settleRefunds();
      await expectMoneyAgrees(o.code, o.api);
      await expectMoneyAgrees(stranger.code, stranger.api);

      // After the window: refused, nothing held.
      await shop.db
        .updateTable('orders')
        .set({ delivered_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
        .where('order_code', '=', o.code)
        .execute();
      const late = await allAtOnce([() => ask(0, [{ lineId: cableLine, quantity: 1 }]), () => ask(1, [{ lineId: kitLine, quantity: 1 }])], round + 30);
      expect(late.map((a) => a.body.code)).toEqual(['return_window_closed', 'return_window_closed']);
    }
  });

  it('cash on delivery: no refund before the cash; a return of a collected COD order refunded by hand with its reference, once, with its credit note; never beyond the cash', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const rover = await f.product({ title: `COD rover ${round}`, categoryId, pricePaise: 1_180_00, stock: 30 });
      await makeCoupon(shop, { code: `CODR${kind}${round}`, discount_paise: 100_00 });
      const o = await shopperOrdering([[rover.id, 2]], { paymentMethod: 'cod', couponCode: `CODR${kind}${round}` });
      const code = o.created.orderId;
      const total = (await orderRow(code)).total_paise;
      // Two rovers less the coupon, with shipping and the COD fee.
      expect(total).toBe(2 * 1_180_00 - 100_00 + 49_99 + 40_00);
      expect((await staff(0, 'PATCH', `/api/UserOrders/${code}`, { status: 'dispatched' })).status).toBe(200);
      const early = await allAtOnce(
        [
          () => staff(0, 'POST', `/api/admin/orders/${code}/refunds`, { amount: 10, idempotencyKey: `cod-early-1-${code}`, reference: 'UPI-1' }),
          () => staff(1, 'POST', `/api/admin/orders/${code}/refunds`, { amount: 10, idempotencyKey: `cod-early-2-${code}` }),
        ],
        round,
      );
      expect(early.map((a) => a.body.code)).toEqual(['order_not_paid', 'order_not_paid']);
      const collected = await staff(1, 'POST', `/api/admin/orders/${code}/cod-collection`, { amount: total / 100, reference: 'REM-1' });
      expect(collected.status, JSON.stringify(collected.body)).toBe(200);
      const lines = await linesOf(o.api, code);
      const asked = await send(
        round,
        'POST',
        `/api/orders/${code}/returns`,
        { lines: [{ lineId: lines[0]!.lineId, quantity: 1 }], reason: 'Broken' },
        { cookie: o.s.cookie },
      );
      expect(asked.status).toBe(201);
      const id = asked.body.id as unknown as number;
      for (const step of [{ status: 'approved' }, { status: 'received', restock: true }])
        expect((await staff(0, 'PATCH', `/api/admin/returns/${id}`, step)).status).toBe(200);
      // Cash goes back by a transfer the shop makes: without its reference the refund is refused and the return waits.
      const bare = await staff(1, 'POST', `/api/admin/returns/${id}/refund`, {});
      expect(bare.status).toBe(400);
      expect(bare.body.code).toBe('reference_required');
      const twice = await allAtOnce(
        [
          () => staff(0, 'POST', `/api/admin/returns/${id}/refund`, { reference: `UTR-${round}-A` }),
          () => staff(1, 'POST', `/api/admin/returns/${id}/refund`, { reference: `UTR-${round}-B` }),
        ],
        round + 5,
      );
      no5xx(twice);
      expect(twice.map((a) => a.status).sort()).toEqual([200, 409]);
      const done = twice.find((a) => a.status === 200)!.body as unknown as { status: string; refund: { amount: number; status: string } };
      // ₹1,180 less half the ₹100 coupon: refunded at once, as the admin's own transfer.
      expect(done).toMatchObject({ status: 'refunded', refund: { amount: 1130, status: 'processed' } });
      const { refunds, docs } = await expectMoneyAgrees(code, o.api);
      expect(refunds.map((r) => [r.kind, r.amount_paise, r.status])).toEqual([['return', 1_130_00, 'processed']]);
      expect(docs.creditNotes).toEqual([1_130_00]);
      // Never beyond the cash collected (its COD fee and the coupon counted), from two admins at once.
      const beyond = await allAtOnce(
        [
          () =>
            staff(0, 'POST', `/api/admin/orders/${code}/refunds`, {
              amount: (total - 1_130_00) / 100,
              idempotencyKey: `cod-all-1-${code}`,
              reference: 'UPI-2',
            }),
          () =>
            staff(1, 'POST', `/api/admin/orders/${code}/refunds`, {
              amount: (total - 1_130_00) / 100,
              idempotencyKey: `cod-all-2-${code}`,
              reference: 'UPI-3',
            }),
        ],
        round + 9,
      );
      expect(beyond.map((a) => a.status).sort()).toEqual([201, 409]);
      const after = await expectMoneyAgrees(code, o.api);
      expect(after.held).toBe(total);
    }
  });
});
