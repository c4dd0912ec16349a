import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, adminToken, asAdmin, countOf } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { insertMany, orderRow } from './helpers/rows';
import { startTestShop, type TestShop } from './helpers/test-app';
import { WALK_ROWS } from '../src/db/walked-page';

interface Row {
  order_code: string;
  status: string;
  email: string;
  paid_at: string | null;
  created_at: string;
  flag: string | null;
}

const DAY = 86_400_000;
const EMAILS = ['Asha@Example.com', 'asha.k@shop.in', 'bala@example.com', 'ravi_1@x.org', 'r%vi@x.org', 'ASHOK@mail.in'];
const STATUSES = ['placed', 'dispatched', 'delivered', 'canceled', 'pending_payment'];

/** Orders of every kind the list must tell apart: paid or not, flagged or not, old and new, with ties of their sort key. */
function fixture(now: number): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < 48; i++) {
    const created = new Date(now - ((i * 37) % 400) * DAY - (i % 5) * 1000).toISOString();
    const paid = i % 4 === 3 ? null : new Date(Date.parse(created) + (i % 3) * 60_000).toISOString();
    rows.push({
      order_code: `ORD${String(1000 + i)}`,
      status: paid === null ? 'pending_payment' : STATUSES[i % 4]!,
      email: EMAILS[i % EMAILS.length]!,
      paid_at: paid,
      // every fourth is unpaid; some of those are flagged (a late payment): listed all the same
      created_at: created,
      flag: paid === null && i % 8 === 3 ? 'late_payment' : null,
    });
  }
  // Two orders paid at the very same instant: the newer id comes first.
  rows.push({ ...rows[0]!, order_code: 'ORDTIE1', paid_at: rows[1]!.paid_at, created_at: rows[1]!.created_at });
  rows.push({ ...rows[0]!, order_code: 'ORDTIE2', paid_at: rows[1]!.paid_at, created_at: rows[1]!.created_at });
  // An order whose e-mail begins with its own id, and one whose e-mail begins with another's: a search finds each once.
  rows.push({ ...rows[2]!, order_code: 'ORDMAIL1', email: 'ordmail1@x.in' });
  rows.push({ ...rows[4]!, order_code: 'ORDMAIL2', email: 'ORDMAIL1.b@x.in' });
  return rows;
}

/** What the list showed before its indexes (decision 043), with the e-mail matched by its beginning. */
function expected(rows: (Row & { id: number })[], q: { status?: string; since?: string; q?: string }) {
  return rows
    .filter((r) => r.paid_at !== null || r.flag !== null)
    .filter((r) => !q.status || r.status === q.status)
    .filter((r) => !q.since || (r.paid_at !== null && r.paid_at >= q.since))
    .filter((r) => !q.q || r.order_code === q.q.toUpperCase() || r.email.toLowerCase().startsWith(q.q.toLowerCase()))
    .sort((a, b) => {
      const ka = a.paid_at ?? a.created_at;
      const kb = b.paid_at ?? b.created_at;
      return ka < kb ? 1 : ka > kb ? -1 : b.id - a.id;
    })
    .map((r) => r.order_code);
}

describe.each(DB_KINDS)('admin orders list on %s', (kind) => {
  let shop: TestShop;
  let admin: ReturnType<typeof asAdmin>;
  let rows: (Row & { id: number })[];
  const now = Date.now();

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD });
    admin = asAdmin(shop, await adminToken(shop));
    rows = [];
    for (const r of fixture(now)) {
      const { id } = await shop.db.insertInto('orders').values(orderRow(r.created_at, r)).returning('id').executeTakeFirstOrThrow();
      rows.push({ ...r, id });
    }
  });
  afterAll(() => shop.close());

  const list = async (query: string) => {
    const res = await admin.get(`/api/ordersAdmin?${query}`);
    expect(res.statusCode).toBe(200);
    return {
      ids: (res.json() as { orderId: string }[]).map((o) => o.orderId),
      total: res.headers['x-total-count'],
      capped: res.headers['x-total-count-capped'],
    };
  };

  it('lists paid and flagged orders newest first (paid time, else placing time; then the newer id), paged', async () => {
    const all = expected(rows, {});
    expect(all.length).toBeGreaterThan(30);
    expect((await list('')).ids).toEqual(all);
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.length / 7); page++) {
      const got = await list(`page=${page}&pageSize=7`);
      expect(got.total).toBe(String(all.length));
      pages.push(...got.ids);
    }
    expect(pages).toEqual(all);
    expect((await list(`page=${Math.ceil(all.length / 7) + 1}&pageSize=7`)).ids).toEqual([]);
  });

  it.each([
    ['a status', { status: 'dispatched' }],
    ['a status with no orders in it', { status: 'delivered', q: 'ravi' }],
    ['a period', { period: '6m' }],
    ['a period and a status', { period: '1y', status: 'placed' }],
    ['an order id in any case', { q: 'ord1005' }],
    ['an order id that begins its own e-mail and another', { q: 'ordmail1' }],
    ['the beginning of an e-mail in any case', { q: 'ASHA' }],
    ['a whole e-mail', { q: 'asha@example.com' }],
    ['an e-mail with LIKE wildcards in it', { q: 'r%' }],
    ['an underscore', { q: 'ravi_' }],
    ['the middle of an e-mail (a prefix match finds nothing)', { q: 'example.com' }],
    ['a search and a status and a period', { q: 'a', status: 'placed', period: '1y' }],
  ] as const)('filters by %s as before (an e-mail by its beginning)', async (_name, query: { status?: string; period?: string; q?: string }) => {
    const days = { '1y': 365, '6m': 182, '1m': 30 }[query.period ?? ''];
    const search = new URLSearchParams({ ...query, page: '1', pageSize: '100' }).toString();
    const got = await list(search);
    // The server takes "now" a moment after the test did: no fixture row lies that close to the edge.
    const want = expected(rows, { status: query.status, q: query.q, since: days ? new Date(now - days * DAY).toISOString() : undefined });
    expect(got.ids).toEqual(want);
    expect(got.total).toBe(String(want.length));
    expect(got.capped).toBeUndefined();
  });
});

describe.each(DB_KINDS)('admin orders count on %s', (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD });
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    await insertMany(shop.db, 'orders', 10_005, (i) =>
      orderRow(new Date(base + i * 1000).toISOString(), { order_code: `BULK${String(i)}`, email: `b${String(i)}@x.in` }),
    );
  });
  afterAll(() => shop.close());

  it('counts exactly up to 10000 and says "10000 or more" past it', async () => {
    const admin = asAdmin(shop, await adminToken(shop));
    const all = await admin.get('/api/ordersAdmin?page=1');
    expect(countOf(all)).toEqual(['10000', 'true']);
    expect((all.json() as { orderId: string }[])[0]!.orderId).toBe('BULK10004');
    const some = await admin.get('/api/ordersAdmin?page=1&q=b1000');
    // b1000@, b10000@ … b10004@
    expect(countOf(some)).toEqual(['6', undefined]);
  });

  // Decision 120: on SQLite a search that more than 10,000 orders match walks the list's order (all, or a status's) to
  // its page, at most WALK_ROWS orders, and takes the e-mail index when that walk does not fill the page; the same rows
  // either way, on both databases.
  it('pages a search that more than 10,000 orders match in the same order, whether the walk fills the page or not', async () => {
    const admin = asAdmin(shop, await adminToken(shop));
    const page = async (query: string) => {
      const res = await admin.get(`/api/ordersAdmin?${query}`);
      expect(countOf(res)).toEqual(['10000', 'true']);
      return (res.json() as { orderId: string }[]).map((o) => o.orderId);
    };
    // BULK10004 is the newest; page n of 25 begins 25 (n - 1) older.
    const expected = (n: number) =>
      Array.from({ length: 25 }, (_, k) => 10_004 - (n - 1) * 25 - k)
        .filter((i) => i >= 0)
        .map((i) => `BULK${String(i)}`);
    for (const n of [1, 2, 40, 400, 401]) {
      expect(await page(`page=${n}&q=b`), `page ${n}`).toEqual(expected(n));
      expect(await page(`page=${n}&q=B&status=placed`), `page ${n} of a status`).toEqual(expected(n));
    }
    // WALK_ROWS newer orders that do not match, some of them canceled: the walk reads them all and finds none, the index answers.
    await insertMany(shop.db, 'orders', WALK_ROWS, (i) =>
      orderRow(new Date(Date.parse('2026-02-01T00:00:00.000Z') + i * 1000).toISOString(), {
        order_code: `LATER${String(i)}`,
        email: `later${String(i)}@x.in`,
        status: i % 2 ? 'placed' : 'canceled',
      }),
    );
    for (const n of [1, 2, 40]) {
      expect(await page(`page=${n}&q=b`), `page ${n} past the walk`).toEqual(expected(n));
      expect(await page(`page=${n}&q=b&status=placed`), `page ${n} of a status past the walk`).toEqual(expected(n));
    }
    const later = await admin.get('/api/ordersAdmin?page=2&q=later');
    expect(countOf(later)).toEqual(['10000', undefined]);
    expect((later.json() as { orderId: string }[])[0]!.orderId).toBe('LATER9974');
  });
});
