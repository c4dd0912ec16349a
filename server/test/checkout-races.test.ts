import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '@shared/order-messages';
import { returnMessages } from '@shared/returns';
import { stockMessages } from '@shared/stock';
import { adminToken } from './helpers/admin';
import { startAdminShop, type Admin, type Factories } from './helpers/admin-shop';
import { as, makeCoupon, payInSimulation } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { random } from './helpers/seeded-random';
import { overHttp } from './helpers/over-http';
import { verifiedShopper } from './helpers/shoppers';
import { stockOf, type TestShop } from './helpers/test-app';

/**
 * Concurrent checkouts as outside testers run them (decision 110's probes that held, kept): many
 * shoppers at once over real HTTP, spread over two app servers on PostgreSQL (each with its own
 * pool), racing for the last units of parts that several kits share, for a coupon's one use, and for
 * COD units that other shoppers and the admin give back at the same moment. Every answer is a
 * success or the shop's own refusal (never a 500, which a deadlock would be), and the units end
 * exact: the units the live orders hold plus the units left are the units the round started with.
 * On SQLite (one writer at a time, one server) they guard the answers and the counts.
 */
const ROUNDS = 3;
const SHOPPERS = 24;

interface Answer {
  status: number;
  body: { code?: string; message?: string; amount?: number; id?: string; orderId?: string };
}
type Item = { productId: number; variantId?: number; quantity: number };

describe.each(DB_KINDS)('shoppers racing at checkout on %s', (kind) => {
  let shop: TestShop, f: Factories, categoryId: number, admin: Admin;
  let bases: string[];
  let token: string;
  let shoppers: (Awaited<ReturnType<typeof verifiedShopper>> & { api: ReturnType<typeof as> })[];

  beforeAll(async () => {
    ({ shop, f, categoryId, admin } = await startAdminShop(kind, 'Raced kits', {
      SIMULATED_WEBHOOK_DELAY_MS: '60000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT: '0',
    }));
    bases = [await shop.app.listen({ port: 0, host: '127.0.0.1' })];
    // A second server on its own connections, as behind the balancer (one server on SQLite, decision 011).
    if (kind === 'postgres') bases.push(await (await shop.secondApp()).listen({ port: 0, host: '127.0.0.1' }));
    token = await adminToken(shop);
    // Cash on delivery for everyone, however many parcels they sent back in earlier rounds.
    expect((await admin.put('/api/admin/shipping', { cod: { enabled: true, maxReturns: null } })).statusCode).toBe(200);
    shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async () => {
        const s = await verifiedShopper(shop);
        return { ...s, api: as(shop, s.cookie) };
      }),
    );
  });
  afterAll(() => shop.close());

  let sent = 0;
  /** A request over HTTP to one of the servers in turn, as a balancer spreads them. */
  const send = (method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown, headers: Record<string, string>): Promise<Answer> =>
    overHttp(bases[sent++ % bases.length]!, method, path, body, headers);
  const checkout = (s: (typeof shoppers)[number], items: Item[], extra: Record<string, unknown> = {}) =>
    send('POST', '/api/createBulkOrder', { items, ...extra }, { cookie: s.cookie });
  const asStaff = (method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown) => send(method, path, body, { authorization: `Bearer ${token}` });

  /** Empties the shopper's cart and fills it with these lines. */
  async function fillCart(s: (typeof shoppers)[number], items: Item[]) {
    for (const line of (await s.api.get('/api/cart')).json().items as { id: number; variantId: number | null }[]) {
      expect((await s.api.delete(`/api/cart/${line.id}${line.variantId ? `?variantId=${line.variantId}` : ''}`)).statusCode).toBe(200);
    }
    for (const item of items) {
      const added = await s.api.post('/api/cart', item);
      expect(added.statusCode, added.body).toBe(200);
    }
  }

  /**
   * `request` for each of `many`, all at once but sent in an order drawn from `seed` (the first sent
   * tend to win: each round another cart gets there first); the answers in `many`'s order.
   */
  async function allAtOnce<T>(many: T[], request: (one: T) => Promise<Answer>, seed: number): Promise<Answer[]> {
    const draw = random(seed + 1);
    const order = many.map((_, i) => ({ i, key: draw() })).sort((a, b) => a.key - b.key);
    const answers: Answer[] = [];
    await Promise.all(order.map(async ({ i }) => (answers[i] = await request(many[i]!))));
    return answers;
  }

  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const no5xx = (answers: Answer[]) => expect(answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);

  /** The shop's words for too few units of one of these lines (any count left). */
  const stockRefusals = (titles: string[]) => new Set(titles.flatMap((t) => Array.from({ length: 100 }, (_, n) => stockMessages.notEnough(t, n))));

  /**
   * The units of a product (or of a variant) that orders not canceled hold,
   * counted from their lines and their kits' parts as the order stored them.
   */
  async function heldUnits(where: { productId: number } | { variantId: number }): Promise<number> {
    const [column, id] = 'variantId' in where ? ['variant_id', where.variantId] : ['product_id', where.productId];
    const loose = await sql<{ units: number | string | null }>`
      select sum(l.quantity - l.restocked_quantity) as units from order_lines l join orders o on o.id = l.order_id
      where o.status <> 'canceled' and l.${sql.ref(column)} = ${id}
        and not exists (select 1 from order_line_parts p where p.order_line_id = l.id)`.execute(shop.db);
    const inKits = await sql<{ units: number | string | null }>`
      select sum((l.quantity - l.restocked_quantity) * p.quantity) as units
      from order_line_parts p join order_lines l on l.id = p.order_line_id join orders o on o.id = l.order_id
      where o.status <> 'canceled' and p.${sql.ref(column)} = ${id}`.execute(shop.db);
    return Number(loose.rows[0]?.units ?? 0) + Number(inKits.rows[0]?.units ?? 0);
  }
  /** Which of these orders have an invoice (or a credit note), as sorted order codes: one each at most. */
  async function withA(table: 'invoices' | 'credit_notes', orderCodes: string[]): Promise<string[]> {
    const rows = await shop.db
      .selectFrom(table)
      .innerJoin('orders', 'orders.id', `${table}.order_id`)
      .select('orders.order_code')
      .where('orders.order_code', 'in', orderCodes)
      .execute();
    return rows.map((r) => r.order_code).sort();
  }
  const variantStock = async (id: number) =>
    (await shop.db.selectFrom('product_variants').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

  it('sells the last units of a motor and a battery variant that two kits share, to shoppers buying either kit, both, or the parts alone: never oversold, every unit counted', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const MOTORS = 7;
      const BATTERIES = 5;
      const motor = await f.product({ title: `Shared motor ${round}`, categoryId, stock: MOTORS, pricePaise: 20_000 });
      const board = await f.product({ title: `Shared board ${round}`, categoryId, stock: 100, pricePaise: 30_000 });
      const battery = await f.product({ title: `Shared battery ${round}`, categoryId, pricePaise: 15_000 });
      const variants = await admin.put(`/api/admin/products/${battery.id}/variants`, {
        options: [{ name: 'Cell', values: ['Li-ion', 'NiMH'] }],
        variants: [
          { options: { Cell: 'Li-ion' }, price: '150', stock: BATTERIES },
          { options: { Cell: 'NiMH' }, price: '120', stock: 100 },
        ],
      });
      expect(variants.statusCode, variants.body).toBe(200);
      const liIon = (variants.json().variants as { id: number }[])[0]!.id;
      // Kit A lists the variant before the motor, kit B the board first: the order of a kit's parts is not the lock order.
      const kitA = await f.product({ title: `Rover kit ${round}`, categoryId, pricePaise: 80_000 });
      const kitB = await f.product({ title: `Arm kit ${round}`, categoryId, pricePaise: 60_000 });
      for (const [kit, parts] of [
        [
          kitA,
          [
            { productId: battery.id, variantId: liIon, quantity: 1 },
            { productId: motor.id, quantity: 2 },
          ],
        ],
        [
          kitB,
          [
            { productId: board.id, quantity: 1 },
            { productId: motor.id, quantity: 1 },
            { productId: battery.id, variantId: liIon, quantity: 1 },
          ],
        ],
      ] as const) {
        const saved = await admin.put(`/api/admin/products/${kit.id}/parts`, { parts });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      const titles = new Map([
        [kitA.id, kitA.title],
        [kitB.id, kitB.title],
        [motor.id, motor.title],
        [battery.id, `${battery.title} (Cell: Li-ion)`],
      ]);
      // What each cart is, what it costs, and the motors and Li-ion cells it takes.
      const one = (productId: number, variantId?: number): Item => ({ productId, ...(variantId ? { variantId } : {}), quantity: 1 });
      const carts: { items: Item[]; paise: number; motors: number; cells: number; boards: number }[] = [
        { items: [one(kitA.id)], paise: 80_000, motors: 2, cells: 1, boards: 0 },
        { items: [one(kitB.id)], paise: 60_000, motors: 1, cells: 1, boards: 1 },
        { items: [one(motor.id)], paise: 20_000, motors: 1, cells: 0, boards: 0 },
        { items: [one(battery.id, liIon)], paise: 15_000, motors: 0, cells: 1, boards: 0 },
        { items: [one(kitA.id), one(kitB.id)], paise: 140_000, motors: 3, cells: 2, boards: 1 },
        { items: [one(kitB.id), one(motor.id)], paise: 80_000, motors: 2, cells: 1, boards: 1 },
      ];
      // Every cart paid online by some shoppers and cash on delivery by others.
      const plan = shoppers.map((s, i) => ({ s, cart: carts[i % carts.length]!, cod: (i + Math.floor(i / carts.length)) % 2 === 1 }));
      await Promise.all(plan.map((p) => fillCart(p.s, p.cart.items)));

      const answers = await allAtOnce(plan, (p) => checkout(p.s, p.cart.items, p.cod ? { paymentMethod: 'cod' } : { totalAmount: 1 }), round);
      no5xx(answers);
      const sold = plan.filter((_, i) => answers[i]!.status === 200);
      answers.forEach((a, i) => {
        const p = plan[i]!;
        if (a.status === 200) expect(a.body.amount, 'the cart priced on the server').toBe(p.cart.paise);
        else {
          expect(a.status, JSON.stringify(a.body)).toBe(409);
          expect(a.body.code, a.body.message).toBe('insufficient_stock');
          expect(stockRefusals(p.cart.items.map((item) => titles.get(item.productId)!)).has(a.body.message!), a.body.message).toBe(true);
        }
      });
      const motorsLeft = MOTORS - sold.reduce((n, p) => n + p.cart.motors, 0);
      const cellsLeft = BATTERIES - sold.reduce((n, p) => n + p.cart.cells, 0);
      expect(motorsLeft, `round ${round}`).toBeGreaterThanOrEqual(0);
      expect(cellsLeft, `round ${round}`).toBeGreaterThanOrEqual(0);
      expect(await stockOf(shop, motor.id)).toBe(motorsLeft);
      expect(await variantStock(liIon)).toBe(cellsLeft);
      expect(await stockOf(shop, board.id)).toBe(100 - sold.reduce((n, p) => n + p.cart.boards, 0));
      // Nobody was refused units that were there: stock only fell during the race, so what a refused cart lacked is still lacking.
      for (const p of plan.filter((_, i) => answers[i]!.status !== 200)) expect(p.cart.motors > motorsLeft || p.cart.cells > cellsLeft).toBe(true);
      expect(await heldUnits({ productId: motor.id })).toBe(MOTORS - motorsLeft);
      expect(await heldUnits({ variantId: liIon })).toBe(BATTERIES - cellsLeft);

      // Now the COD buyers cancel (half of them the admin cancels) while the refused shoppers try again.
      const cod = sold.filter((p) => p.cod);
      const codOrders = cod.map((p) => answers[plan.indexOf(p)]!.body.orderId!);
      const refused = plan.filter((_, i) => answers[i]!.status !== 200);
      const again = await Promise.all([
        ...codOrders.map((orderId, i) =>
          i % 2
            ? asStaff('PATCH', `/api/UserOrders/${orderId}`, { status: 'canceled' })
            : send('POST', `/api/orders/${orderId}/cancel`, {}, { cookie: cod[i]!.s.cookie }),
        ),
        ...refused.map((p) => checkout(p.s, p.cart.items, { paymentMethod: 'cod' })),
      ]);
      no5xx(again);
      for (const a of again.slice(0, codOrders.length)) expect(a.status, JSON.stringify(a.body)).toBe(200);
      for (const a of again.slice(codOrders.length)) {
        if (a.status !== 200) expect(a.body.code, a.body.message).toBe('insufficient_stock');
      }
      const motorsNow = Number(await stockOf(shop, motor.id));
      const cellsNow = Number(await variantStock(liIon));
      expect(motorsNow).toBeGreaterThanOrEqual(0);
      expect(cellsNow).toBeGreaterThanOrEqual(0);
      expect(motorsNow + (await heldUnits({ productId: motor.id })), `round ${round}: motors sold + left`).toBe(MOTORS);
      expect(cellsNow + (await heldUnits({ variantId: liIon })), `round ${round}: cells sold + left`).toBe(BATTERIES);
      expect(Number(await stockOf(shop, board.id)) + (await heldUnits({ productId: board.id }))).toBe(100);
    }
  }, 120_000);

  it('gives a coupon limited to one use to exactly one of 20 shoppers at once, and after a cancellation to one of the others', async () => {
    const racers = shoppers.slice(0, 20);
    for (let round = 0; round < ROUNDS; round++) {
      const kit = await f.product({ title: `One-use coupon kit ${round}`, categoryId, stock: 1000, pricePaise: 50_000 });
      const code = `ONEUSE${kind}${round}`.toUpperCase();
      const couponId = await makeCoupon(shop, { code, discount_paise: 5_000, usage_limit: 1 });
      const items: Item[] = [{ productId: kit.id, quantity: 1 }];
      await Promise.all(racers.map((s) => fillCart(s, items)));
      // A browser's own figures for the discount and the total change nothing.
      const withCoupon = (s: (typeof racers)[number], cod: boolean) =>
        checkout(s, items, { couponCode: code, discount: 500, appliedDiscount: 500, totalAmount: 1, ...(cod ? { paymentMethod: 'cod' } : {}) });
      /** The shoppers' answers: the winners' indexes, after checking every other is the used-up refusal. */
      const winnersOf = (answers: Answer[]) => {
        no5xx(answers);
        for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.body.message]).toEqual([409, orderMessages.couponUsedUp]);
        const won = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
        for (const i of won) expect(answers[i]!.body.amount, 'the price less the coupon, priced on the server').toBe(45_000);
        return won;
      };
      /** The coupon's counters and its live orders agree: `uses` orders hold it. */
      const holds = async (uses: number) => {
        const c = await shop.db.selectFrom('coupons').select(['used_count', 'reserved_count']).where('id', '=', couponId).executeTakeFirstOrThrow();
        expect(Number(c.used_count) + Number(c.reserved_count), `round ${round}: the coupon's counters`).toBe(uses);
        const live = await shop.db.selectFrom('orders').select('id').where('coupon_id', '=', couponId).where('status', '<>', 'canceled').execute();
        expect(live, `round ${round}: orders with the coupon`).toHaveLength(uses);
        const redemptions = await shop.db.selectFrom('coupon_redemptions').select('order_id').where('coupon_id', '=', couponId).execute();
        expect(redemptions.map((r) => r.order_id).sort()).toEqual(live.map((o) => o.id).sort());
        return c;
      };

      // 1. Twenty at once, half of them cash on delivery: one use.
      const first = await allAtOnce(racers, (s) => withCoupon(s, racers.indexOf(s) % 2 === 1), round);
      const [winner, ...others] = winnersOf(first);
      expect(others, `round ${round}: more than one order got the coupon`).toEqual([]);
      expect(winner).toBeDefined();
      const holder = racers[winner!]!;
      const held = first[winner!]!.body;
      if (winner! % 2 === 0) {
        const paid = await holder.api.post('/api/processOrder', await payInSimulation(shop, holder.cookie, held.id!));
        expect(paid.json(), paid.body).toMatchObject({ success: true });
      }
      expect(await holds(1)).toEqual({ used_count: 1, reserved_count: 0 });

      // 2. Its order is canceled (by the admin or by its shopper) while the other 19 try again: the use comes back, to one at most.
      const losers = racers.filter((s) => s !== holder);
      const cancel = () =>
        round % 2 === 0
          ? asStaff('PATCH', `/api/UserOrders/${held.orderId}`, { status: 'canceled' })
          : send('POST', `/api/orders/${held.orderId}/cancel`, {}, { cookie: holder.cookie });
      const [canceled, ...second] = await allAtOnce([cancel, ...losers.map((s) => () => withCoupon(s, false))], (request) => request(), round);
      expect(canceled!.status, JSON.stringify(canceled!.body)).toBe(200);
      let won = winnersOf(second);
      expect(won.length, `round ${round}: the released use went to more than one`).toBeLessThanOrEqual(1);
      if (won.length === 0) {
        // Every retry came before the release: the use is free now.
        const late = await withCoupon(losers[0]!, false);
        expect(late.status, JSON.stringify(late.body)).toBe(200);
        second[0] = late;
        won = [0];
      }
      await holds(1);

      // 3. Its new holder (unpaid) checks out again, which abandons its pending order and the use it held, while the others race for it.
      const next = losers[won[0]!]!;
      const rest = losers.filter((s) => s !== next);
      const third = await allAtOnce([next, ...rest], (s) => withCoupon(s, false), round);
      expect(winnersOf(third), `round ${round}: the abandoned use went to more than one`).toHaveLength(1);
      await holds(1);
    }
  }, 120_000);

  it('takes COD orders of the last units while others cancel theirs and the admin dispatches, takes back and records cash: never negative or oversold', async () => {
    const holders = shoppers.slice(0, 6);
    const newcomers = shoppers.slice(6, 18);
    for (let round = 0; round < ROUNDS; round++) {
      const UNITS = holders.length;
      const drone = await f.product({ title: `Last COD drone ${round}`, categoryId, stock: UNITS, pricePaise: 40_000 });
      const items: Item[] = [{ productId: drone.id, quantity: 1 }];
      await Promise.all([...holders, ...newcomers].map((s) => fillCart(s, items)));
      // Six shoppers take the six units at once.
      const placed = await Promise.all(holders.map((s) => checkout(s, items, { paymentMethod: 'cod' })));
      no5xx(placed);
      expect(placed.map((a) => a.status)).toEqual(holders.map(() => 200));
      expect(await stockOf(shop, drone.id)).toBe(0);
      const orders = placed.map((a) => a.body.orderId!);
      // Four leave for the courier, each sent twice at once (two admins, or a double click): invoiced once.
      const dispatched = await Promise.all(
        orders.slice(0, 4).flatMap((orderId) => [1, 2].map(() => asStaff('PATCH', `/api/UserOrders/${orderId}`, { status: 'dispatched' }))),
      );
      no5xx(dispatched);
      for (let i = 0; i < 4; i++) expect([dispatched[2 * i]!.status, dispatched[2 * i + 1]!.status].sort()).toEqual([200, 409]);
      expect(await withA('invoices', orders)).toEqual(orders.slice(0, 4).sort());

      const collect = (orderId: string) => asStaff('POST', `/api/admin/orders/${orderId}/cod-collection`, { amount: 400, reference: `cash ${round}` });
      const [toOrigin, contested, raceCollection, collected, canceledOnTheWay, byShopper, byBoth, byAdmin, ...buyers] = await allAtOnce(
        [
          () => asStaff('PATCH', `/api/UserOrders/${orders[0]}`, { status: 'returned' }),
          () => asStaff('PATCH', `/api/UserOrders/${orders[1]}`, { status: 'returned' }),
          () => collect(orders[1]!),
          () => collect(orders[2]!),
          () => asStaff('PATCH', `/api/UserOrders/${orders[3]}`, { status: 'canceled' }),
          () => send('POST', `/api/orders/${orders[4]}/cancel`, {}, { cookie: holders[4]!.cookie }),
          () => send('POST', `/api/orders/${orders[5]}/cancel`, {}, { cookie: holders[5]!.cookie }),
          () => asStaff('PATCH', `/api/UserOrders/${orders[5]}`, { status: 'canceled' }),
          ...newcomers.map((s) => () => checkout(s, items, { paymentMethod: 'cod' })),
        ],
        (request) => request(),
        round,
      );
      no5xx([toOrigin!, contested!, raceCollection!, collected!, canceledOnTheWay!, byShopper!, byBoth!, byAdmin!, ...buyers]);
      for (const a of [toOrigin!, collected!, canceledOnTheWay!, byShopper!]) expect(a.status, JSON.stringify(a.body)).toBe(200);
      // The parcel taken back while its cash is recorded: one of the two, the other refused in words.
      expect([contested!.status, raceCollection!.status].sort(), JSON.stringify([contested, raceCollection])).toEqual([200, 409]);
      expect([
        'The order changed meanwhile. Refresh and try again.',
        'Only a dispatched cash-on-delivery order that has not been paid can be returned to origin.',
        'This order was canceled; there is no cash to collect.',
      ]).toContain((contested!.status === 409 ? contested : raceCollection)!.body.message);
      // Canceled by its shopper and the admin at once: once.
      expect([byBoth!.status, byAdmin!.status].sort(), JSON.stringify([byBoth, byAdmin])).toEqual([200, 409]);
      if (byBoth!.status === 409) expect(byBoth!.body.message).toBe(returnMessages.notCancelable);
      for (const a of buyers.filter((b) => b.status !== 200)) expect([a.status, a.body.code], a.body.message).toEqual([409, 'insufficient_stock']);

      const given = contested!.status === 200 ? 5 : 4;
      const bought = buyers.filter((b) => b.status === 200).length;
      expect(bought, `round ${round}: more units sold than were given back`).toBeLessThanOrEqual(given);
      const left = Number(await stockOf(shop, drone.id));
      expect(left).toBe(given - bought);
      expect(left + (await heldUnits({ productId: drone.id })), `round ${round}: units sold + left`).toBe(UNITS);
      const states = await shop.db.selectFrom('orders').select(['order_code', 'status', 'cod_collected_at']).where('order_code', 'in', orders).execute();
      const state = new Map(states.map((o) => [o.order_code, o]));
      expect(state.get(orders[1]!)!.status).toBe(contested!.status === 200 ? 'canceled' : 'delivered');
      expect(state.get(orders[1]!)!.cod_collected_at === null).toBe(contested!.status === 200);
      expect(state.get(orders[2]!)).toMatchObject({ status: 'delivered' });
      // Each invoiced parcel that came back or was canceled on the way has its invoice canceled once.
      expect(await withA('credit_notes', orders)).toEqual([orders[0]!, orders[3]!, ...(contested!.status === 200 ? [orders[1]!] : [])].sort());
      // What is left can be bought.
      if (left > 0) {
        const last = newcomers.find((_, i) => buyers[i]!.status !== 200)!;
        await fillCart(last, [{ productId: drone.id, quantity: left }]);
        expect((await checkout(last, [{ productId: drone.id, quantity: left }], { paymentMethod: 'cod' })).status).toBe(200);
        expect(await stockOf(shop, drone.id)).toBe(0);
      }
    }
  }, 120_000);

  it('sells a kit while the admin changes its parts: each order keeps and gives back the parts it took, every unit counted', async () => {
    const buyers = shoppers.slice(0, 16);
    for (let round = 0; round < ROUNDS; round++) {
      const UNITS = 8;
      const motor = await f.product({ title: `Reworked motor ${round}`, categoryId, stock: UNITS, pricePaise: 20_000 });
      const board = await f.product({ title: `Reworked board ${round}`, categoryId, stock: UNITS, pricePaise: 30_000 });
      const kit = await f.product({ title: `Reworked kit ${round}`, categoryId, pricePaise: 90_000 });
      const partsOf = (motors: number, boards: number) => ({
        parts: [...(motors ? [{ productId: motor.id, quantity: motors }] : []), ...(boards ? [{ productId: board.id, quantity: boards }] : [])],
      });
      expect((await admin.put(`/api/admin/products/${kit.id}/parts`, partsOf(2, 0))).statusCode).toBe(200);
      const kitParts = async () => ({
        parts: ((await admin.get(`/api/admin/products/${kit.id}/parts`)).json().parts as { productId: number; quantity: number }[])
          .map((p) => ({ productId: p.productId, quantity: p.quantity }))
          .sort((a, b) => a.productId - b.productId),
      });
      const items: Item[] = [{ productId: kit.id, quantity: 1 }];
      await Promise.all(buyers.map((s) => fillCart(s, items)));
      /** Motors and boards left and held by live orders: each kind adds up to what the round started with. */
      const counted = async () => {
        for (const part of [motor, board]) {
          const left = Number(await stockOf(shop, part.id));
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left + (await heldUnits({ productId: part.id })), `round ${round}: ${part.title} sold + left`).toBe(UNITS);
        }
      };

      // The kit becomes 1 board, then 1 motor and 1 board, while sixteen shoppers check it out.
      const edits = [partsOf(0, 1), partsOf(1, 1)];
      const answers = await allAtOnce(
        [
          ...edits.map((parts) => () => asStaff('PUT', `/api/admin/products/${kit.id}/parts`, parts)),
          // Spread over the edits' time (an edit is slower than a checkout), so that orders fall before, between and after them.
          ...buyers.map((s, i) => async () => (await pause(i * 4), checkout(s, items, i % 2 ? { paymentMethod: 'cod' } : {}))),
        ],
        (request) => request(),
        round,
      );
      no5xx(answers);
      for (const a of answers.slice(0, edits.length)) expect(a.status, JSON.stringify(a.body)).toBe(200);
      // The kit is one of the two saves, not both at once (decision 113).
      expect(edits).toContainEqual(await kitParts());
      const sales = answers.slice(edits.length);
      for (const a of sales) {
        if (a.status === 200) expect(a.body.amount).toBe(90_000);
        else expect([a.status, a.body.code], a.body.message).toEqual([409, 'insufficient_stock']);
      }
      await counted();

      // The COD buyers cancel while the kit changes back and the refused try again: what each order took comes back.
      const cod = buyers.flatMap((s, i) => (i % 2 && sales[i]!.status === 200 ? [{ s, orderId: sales[i]!.body.orderId! }] : []));
      const refused = buyers.filter((_, i) => sales[i]!.status !== 200);
      const again = await allAtOnce(
        [
          () => asStaff('PUT', `/api/admin/products/${kit.id}/parts`, partsOf(2, 0)),
          ...cod.map(
            ({ s, orderId }) =>
              () =>
                send('POST', `/api/orders/${orderId}/cancel`, {}, { cookie: s.cookie }),
          ),
          ...refused.map((s) => () => checkout(s, items, { paymentMethod: 'cod' })),
        ],
        (request) => request(),
        round,
      );
      no5xx(again);
      for (const a of again.slice(0, 1 + cod.length)) expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(await kitParts()).toEqual(partsOf(2, 0));
      await counted();
    }
  }, 120_000);
});
