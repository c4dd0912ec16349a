import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduler } from '../src/modules/jobs/scheduler';
import { retryDelayMs } from '../src/modules/jobs/webhook-queue';
import { orderFrom, payInSimulation } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('jobs that run themselves on %s', (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    // The queuing node's own quick attempt never comes within the test: only the scheduler delivers.
    shop = await startTestShop(kind, { SIMULATED_WEBHOOK_DELAY_MS: '60000' });
  });
  afterAll(() => shop.close());

  /** Waits until `done()` holds, at most 15 s: a loaded machine runs the 50 ms ticks late, so no fixed wait is long enough. */
  async function until(done: () => boolean) {
    for (const started = Date.now(); !done() && Date.now() - started < 15_000;) await new Promise((r) => setTimeout(r, 25));
  }

  it('runs each job on exactly one of two app instances, and another takes over when the holder stops', async () => {
    const other = await shop.secondApp();
    const runs: string[] = [];
    const job = (node: string) => [{ name: `count-${kind}`, everyMs: 0, run: async () => void runs.push(node) }];
    const a = scheduler(shop.db, shop.app.log, job('a'), { tickMs: 50, leaseMs: 10_000, holder: 'node-a' });
    const b = scheduler(other.db, other.log, job('b'), { tickMs: 50, leaseMs: 10_000, holder: 'node-b' });
    a.start();
    b.start();
    // Both nodes have ticked several times after the first run: only the lease holder ran it.
    await until(() => runs.length >= 8);
    await a.stop();
    const before = new Set(runs);
    expect(runs.length).toBeGreaterThanOrEqual(8);
    expect(before.size, runs.join(',')).toBe(1);
    const first = [...before][0];
    // The holder stopped (or died and its lease ran out): the other node takes over.
    runs.length = 0;
    const taker = first === 'b' ? scheduler(shop.db, shop.app.log, job('c'), { tickMs: 50, leaseMs: 10_000, holder: 'node-c' }) : b;
    if (first === 'b') {
      await b.stop();
      taker.start();
    }
    await until(() => runs.length >= 3);
    await taker.stop();
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(runs)).toEqual(new Set([first === 'b' ? 'c' : 'b']));
  });

  it('stops after a job that outlasted its lease when another node has taken over, instead of running the rest as well', async () => {
    const runs: string[] = [];
    let finishSlow = () => {};
    const slow = new Promise<void>((resolve) => (finishSlow = resolve));
    let slowStarted = () => {};
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const jobs = (node: string) => [
      { name: `slow-${kind}`, everyMs: 60_000, run: () => (node === 'a' ? (slowStarted(), slow) : Promise.resolve()) },
      { name: `after-${kind}`, everyMs: 0, run: async () => void runs.push(node) },
    ];
    const a = scheduler(shop.db, shop.app.log, jobs('a'), { tickMs: 60_000, leaseMs: 300, holder: 'lease-a' });
    // b's lease outlasts the test: had it a's 300 ms, a loaded machine's pause between b's tick and a's
    // return would let it run out, and a would take the lease back and run the rest as well.
    const b = scheduler(shop.db, shop.app.log, jobs('b'), { tickMs: 60_000, leaseMs: 60_000, holder: 'lease-b' });
    const aTick = a.tick();
    // a's slow job runs past its lease (taken before the job started); b takes the lease over and runs what is due.
    await started;
    await new Promise((r) => setTimeout(r, 450));
    await b.tick();
    finishSlow();
    await aTick;
    expect(runs).toEqual(['b']);
  });

  it('keeps simulated webhooks in the database until some node delivers them', async () => {
    const c = await factories(shop).category('Kits');
    const kit = await factories(shop).product({ title: 'Webhook kit', categoryId: c.id, pricePaise: 10_000 });
    const { s, order } = await orderFrom(shop, [[kit.id, 1]]);
    // Paid; the browser never calls back, and the node that queued the webhook is gone.
    await payInSimulation(shop, s.cookie, order.id);
    const queued = await shop.db.selectFrom('simulated_webhooks').select(['event_id', 'delivered_at']).where('payload', 'like', `%${order.id}%`).execute();
    expect(queued).toEqual([{ event_id: expect.stringMatching(/^evt_pay_SIM/), delivered_at: null }]);
    // Another node's scheduler delivers it once it is due.
    await shop.db.updateTable('simulated_webhooks').set({ next_attempt_at: '2000-01-01T00:00:00.000Z' }).where('delivered_at', 'is', null).execute();
    const other = await shop.secondApp();
    expect(await other.simulatedWebhooks!.deliverDue()).toBeGreaterThanOrEqual(1);
    expect((await shop.db.selectFrom('orders').select('status').where('provider_order_id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('placed');
    expect(await other.simulatedWebhooks!.deliverDue()).toBe(0);
  });

  it('captures a simulated payment and queues its webhook in one transaction: never one without the other', async () => {
    const c = await factories(shop).category('Capture kits');
    const kit = await factories(shop).product({ title: 'Capture kit', categoryId: c.id, pricePaise: 10_000 });
    const { s, api, order } = await orderFrom(shop, [[kit.id, 1]]);
    const payments = () => shop.db.selectFrom('simulated_payments').select('status').where('order_id', '=', order.id).execute();
    // The webhook cannot be queued (its table is away): the capture is not kept either.
    await sql`alter table simulated_webhooks rename to simulated_webhooks_away`.execute(shop.db);
    try {
      expect((await api.post(`/api/payments/simulated/${order.id}/pay`)).statusCode).toBe(500);
    } finally {
      await sql`alter table simulated_webhooks_away rename to simulated_webhooks`.execute(shop.db);
    }
    expect(await payments()).toEqual([]);
    // Pressed again: captured, with its webhook.
    await payInSimulation(shop, s.cookie, order.id);
    expect(await payments()).toEqual([{ status: 'captured' }]);
    expect(await shop.db.selectFrom('simulated_webhooks').select('event_id').where('payload', 'like', `%${order.id}%`).execute()).toHaveLength(1);
  });

  it('retries with growing gaps, as Razorpay does', () => {
    expect([0, 1, 2, 3].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20)).toBe(6 * 3600_000);
  });
});
