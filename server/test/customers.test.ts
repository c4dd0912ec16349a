import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessages, type CustomerDetail, type CustomerRow } from '@shared/customers.schemas';
import { staffMessages } from '@shared/staff-roles';
import { CUSTOMER_WALK_ROWS, customersBatch, type CustomerKey } from '../src/modules/customers/customers.repository';
import { createOrder } from '../src/modules/orders/orders.service';
import { ADMIN_PASSWORD, adminToken, asAdmin, staffSignIns } from './helpers/admin';
import { payInSimulation, shopperWithCart } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { post } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

const staffLogin = staffSignIns('10.47');

/** Decision 047: the admin's Customers section. */
describe.each(DB_KINDS)('customers on %s', (kind) => {
  let shop: TestShop;
  let owner: ReturnType<typeof asAdmin>;
  let asha: Awaited<ReturnType<typeof shopperWithCart>>;
  let ashaId: string;
  let orderCode: string;
  const role = {} as Record<'support' | 'fulfilment' | 'catalogue', ReturnType<typeof asAdmin>>;

  const list = async (query = '', as = owner) => {
    const res = await as.get(`/api/admin/customers${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json() as CustomerRow[], total: Number(res.headers['x-total-count']), capped: res.headers['x-total-count-capped'] };
  };

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD, SIMULATED_WEBHOOK_DELAY_MS: '60000' });
    owner = asAdmin(shop, await adminToken(shop));
    const f = factories(shop);
    const product = await f.product({ categoryId: (await f.category('Customer kits')).id, pricePaise: 150_000 });
    asha = await shopperWithCart(shop, [[product.id, 2]], { name: 'Asha Kumar', email: 'asha.k@example.com', phone: '9876500001' });
    const created = (await asha.api.post('/api/createBulkOrder', { items: [{ productId: product.id, quantity: 2 }] })).json() as {
      id: string;
      orderId: string;
    };
    expect((await asha.api.post('/api/processOrder', await payInSimulation(shop, asha.cookie, created.id))).json().success).toBe(true);
    orderCode = created.orderId;
    ashaId = (await shop.db.selectFrom('user').select('id').where('email', '=', 'asha.k@example.com').executeTakeFirstOrThrow()).id;
    // 30 more customers, straight into better-auth's table; one with a name a spreadsheet would run.
    const ctx = await shop.app.auth.$context;
    for (let i = 0; i < 30; i++) {
      await ctx.internalAdapter.createUser(
        {
          email: `bulk${String(i).padStart(2, '0')}@shop.test`,
          name: i === 0 ? '=HYPERLINK("http://evil")' : `Bulk ${i}`,
          emailVerified: true,
          phone: `+91912340${String(i).padStart(4, '0')}`,
          address: 'A',
          city: 'C',
          state: 'Goa',
          zipCode: '403001',
        },
        { method: 'admin' },
      );
    }
    for (const r of ['support', 'fulfilment', 'catalogue'] as const) {
      const made = await owner.post('/api/admin/staff', { username: `c_${r}`, email: `c_${r}@shop.test`, role: r });
      expect(made.statusCode, made.body).toBe(201);
      const signIn = await staffLogin(shop, `c_${r}`, made.json().password);
      role[r] = asAdmin(shop, signIn.json().token);
    }
  });
  afterAll(() => shop.close());

  it('lists shoppers newest first, 25 a page, with X-Total-Count, never the staff', async () => {
    const first = await list();
    expect(first.total).toBe(31);
    expect(first.capped).toBeUndefined();
    expect(first.rows).toHaveLength(25);
    const second = await list('?page=2');
    expect(second.rows).toHaveLength(6);
    const all = [...first.rows, ...second.rows];
    expect(new Set(all.map((r) => r.id)).size).toBe(31);
    expect(all.some((r) => r.email.endsWith('@shop.test') && r.email.startsWith('c_'))).toBe(false);
    const keys = all.map((r) => `${r.createdAt}|${r.id}`);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect((await list('?page=3')).rows).toEqual([]);
  });

  it("shows each customer's paid orders, total spent and last order", async () => {
    const [row] = (await list('?q=asha')).rows;
    expect(row).toMatchObject({ id: ashaId, name: 'Asha Kumar', email: 'asha.k@example.com', phone: '+919876500001', orders: 1, blocked: false });
    expect(row!.totalSpent).toBeGreaterThanOrEqual(3000);
    expect(row!.lastOrderAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const bulk = (await list('?q=bulk05')).rows[0]!;
    expect(bulk).toMatchObject({ orders: 0, totalSpent: 0, lastOrderAt: null });
  });

  it('searches by the beginning of a name, an e-mail or a phone number, any case', async () => {
    const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).rows.map((r) => r.email);
    expect(await ids('ASHA K')).toEqual(['asha.k@example.com']);
    expect(await ids('asha.k@')).toEqual(['asha.k@example.com']);
    expect(await ids('98765 00001')).toEqual(['asha.k@example.com']);
    expect(await ids('+91 98765')).toEqual(['asha.k@example.com']);
    expect(await ids('09876500001')).toEqual(['asha.k@example.com']);
    expect(await ids('example.com')).toEqual([]);
    expect(await ids('kumar')).toEqual([]);
    const bulk = await list('?q=912340000');
    expect(bulk.total).toBe(10);
    expect((await list('?q=bulk')).total).toBe(30);
    expect((await list('?q=%25')).total).toBe(0);
  });

  it('refuses bad paging and searches with a 400', async () => {
    for (const q of ['?page=0', '?page=abc', '?page=401', `?q=${'x'.repeat(101)}`]) {
      const res = await owner.get(`/api/admin/customers${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("opens a customer's page: profile, addresses, orders, refunds, claims, 3D requests, note", async () => {
    const res = await owner.get(`/api/admin/customers/${ashaId}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as CustomerDetail;
    expect(d.profile).toMatchObject({ name: 'Asha Kumar', city: 'Pune', emailVerified: true, blocked: false, orders: 1 });
    expect(d.addresses[0]).toBe('12 MG Road, Pune, Maharashtra 411001');
    expect(d.orders).toEqual([expect.objectContaining({ orderId: orderCode, status: 'placed', items: 2 })]);
    expect(d).toMatchObject({ refunds: [], claims: [], printRequests: [], note: null });
    expect((await owner.get('/api/admin/customers/no-such-id')).statusCode).toBe(404);
  });

  it('keeps a private note, audited with its before and after; empty removes it', async () => {
    const saved = await owner.put(`/api/admin/customers/${ashaId}/note`, { note: '  Prefers calls after 6 pm  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().note).toMatchObject({ text: 'Prefers calls after 6 pm', updatedBy: 'admin:admin' });
    expect(((await owner.get(`/api/admin/customers/${ashaId}`)).json() as CustomerDetail).note?.text).toBe('Prefers calls after 6 pm');
    expect((await owner.put(`/api/admin/customers/${ashaId}/note`, { note: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await owner.put(`/api/admin/customers/${ashaId}/note`, {})).statusCode).toBe(400);
    const audit = (await owner.get(`/api/admin/audit?entity=customers:${ashaId}`)).json() as { changes: Record<string, unknown> | null }[];
    expect(audit.map((e) => e.changes)).toContainEqual({ note: [null, 'Prefers calls after 6 pm'] });
    expect((await role.support.put(`/api/admin/customers/${ashaId}/note`, { note: 'Called back' })).statusCode).toBe(200);
    expect((await owner.put(`/api/admin/customers/${ashaId}/note`, { note: '' })).json().note).toBeNull();
  });

  it('blocks a shopper: signed out at once, sign-in and orders refused with a clear message, old orders kept; unblock lets them back', async () => {
    expect((await asha.api.get('/api/me')).json()).not.toBeNull();
    const blocked = await owner.post(`/api/admin/customers/${ashaId}/block`, { reason: 'Chargebacks' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked: true, message: customerMessages.blockedDone });
    // The old session ends at once.
    expect((await asha.api.get('/api/me')).json()).toBeNull();
    expect((await asha.api.post('/api/createBulkOrder', { items: [{ productId: 1, quantity: 1 }] })).statusCode).toBe(401);
    const signIn = await post(shop, '/api/auth/sign-in/email', { email: asha.email, password: asha.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(customerMessages.blocked);
    // Checkout refuses them even with a session made before (a race with the block).
    await expect(createOrder(shop.app.orderDeps, ashaId, { items: [] } as never)).rejects.toMatchObject({
      code: 'account_blocked',
      message: customerMessages.blocked,
    });
    // Their orders stay.
    const orders = (await owner.get(`/api/ordersAdmin?q=${orderCode}`)).json() as { orderId: string; status: string }[];
    expect(orders).toEqual([expect.objectContaining({ orderId: orderCode, status: 'placed' })]);
    const d = (await owner.get(`/api/admin/customers/${ashaId}`)).json() as CustomerDetail;
    expect(d.profile).toMatchObject({ blocked: true, blockReason: 'Chargebacks' });
    expect(d.orders).toHaveLength(1);
    expect((await list('?q=asha')).rows[0]!.blocked).toBe(true);
    const audit = (await owner.get(`/api/admin/audit?entity=customers:${ashaId}`)).json() as { changes: Record<string, unknown> | null }[];
    expect(audit.map((e) => e.changes)).toContainEqual({ blocked: [false, true], reason: [null, 'Chargebacks'] });

    expect((await owner.post(`/api/admin/customers/${ashaId}/unblock`, {})).json()).toMatchObject({ blocked: false });
    expect((await post(shop, '/api/auth/sign-in/email', { email: asha.email, password: asha.password })).statusCode).toBe(200);
    expect((await owner.post('/api/admin/customers/no-such-id/block', {})).statusCode).toBe(404);
    expect((await owner.post(`/api/admin/customers/${ashaId}/block`, { reason: 'r'.repeat(201) })).statusCode).toBe(400);
  });

  it('exports the customers as CSV, streamed, with cells no spreadsheet runs', async () => {
    const res = await owner.get('/api/admin/customers.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Name","Email","Phone","Signed up","Orders","Total spent (INR)","Last order","Blocked"');
    expect(lines).toHaveLength(32);
    expect(lines.find((l) => l.includes('bulk00@'))).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\)"/);
    expect(lines.find((l) => l.includes('asha.k@'))).toMatch(/"Asha Kumar","asha\.k@example\.com","'\+919876500001",".+","1","3\d{3}\.\d\d",".+","no"/);
    const searched = (await owner.get('/api/admin/customers.csv?q=912340000')).body.trim().split('\r\n');
    expect(searched).toHaveLength(11);
  });

  it('opens the customers to the roles that handle orders; support keeps notes, blocks and exports; catalogue sees none', async () => {
    expect((await role.support.get('/api/admin/customers')).statusCode).toBe(200);
    expect((await role.fulfilment.get(`/api/admin/customers/${ashaId}`)).statusCode).toBe(200);
    expect((await role.support.get('/api/admin/customers.csv')).statusCode).toBe(200);
    const refused = await role.fulfilment.post(`/api/admin/customers/${ashaId}/block`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(staffMessages.forbiddenForRole('fulfilment'));
    expect((await role.fulfilment.put(`/api/admin/customers/${ashaId}/note`, { note: 'x' })).statusCode).toBe(403);
    expect((await role.catalogue.get('/api/admin/customers')).statusCode).toBe(403);
    expect((await role.support.post(`/api/admin/customers/${ashaId}/block`, {})).statusCode).toBe(200);
    expect((await role.support.post(`/api/admin/customers/${ashaId}/unblock`, {})).statusCode).toBe(200);
  });

  /** `count` customers straight into better-auth's table: `<word><i>`, "<Word> <i>", `<word><i>@many.test`, one a second older from `newest`. */
  const insertCustomers = async (word: string, count: number, newest: number) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `${word}${i}`,
      name: `${word[0]!.toUpperCase()}${word.slice(1)} ${i}`,
      email: `${word}${i}@many.test`,
      emailVerified: kind === 'postgres' ? true : 1,
      createdAt: kind === 'postgres' ? new Date(newest - i * 1000) : new Date(newest - i * 1000).toISOString(),
      updatedAt: kind === 'postgres' ? new Date(newest) : new Date(newest).toISOString(),
      phone: '+910000000000',
      address: 'A',
      city: 'C',
      state: 'S',
      zipCode: '400001',
    }));
    for (let i = 0; i < rows.length; i += 500)
      await shop.db
        .insertInto('user')
        .values(rows.slice(i, i + 500) as never)
        .execute();
  };

  it('counts at most 10,000 and says so in X-Total-Count-Capped', async () => {
    await insertCustomers('capped', 10_001, Date.now());
    const res = await list('?q=capped');
    expect(res.total).toBe(10_000);
    expect(res.capped).toBe('true');
    expect(res.rows[0]!.email).toBe('capped0@many.test');
    expect((await list('?q=capped100')).total).toBe(12);
  });

  // Decision 114: on SQLite a search more than 10,000 match walks the list's order to its page, at most CUSTOMER_WALK_ROWS
  // shoppers, and takes the prefix indexes when that walk does not fill the page; the same rows either way, on both databases.
  it('pages a search that more than 10,000 share in the same order, whether the walk fills the page or not', async () => {
    const expected = (page: number) => Array.from({ length: 25 }, (_, i) => `capped${(page - 1) * 25 + i}@many.test`);
    const emails = async (query: string) => (await list(query)).rows.map((r) => r.email);
    for (const page of [1, 2, 40, 400]) expect(await emails(`?q=capped&page=${page}`), `page ${page}`).toEqual(expected(page));
    // 10,000 newer customers that do not match: the walk reads them all and finds none, the indexes answer.
    await insertCustomers('later', CUSTOMER_WALK_ROWS, Date.now() + 86_400_000);
    for (const page of [1, 2, 40]) expect(await emails(`?q=capped&page=${page}`), `page ${page} past the walk`).toEqual(expected(page));
    const both = await list('?q=capped1');
    expect([both.total, both.capped]).toEqual([1112, undefined]);
    expect(both.rows.map((r) => r.email)).toEqual([
      'capped1@many.test',
      ...Array.from({ length: 10 }, (_, i) => `capped${10 + i}@many.test`),
      ...Array.from({ length: 14 }, (_, i) => `capped${100 + i}@many.test`),
    ]);
    expect((await list('?q=later&page=2')).rows[0]!.email).toBe('later25@many.test');
  });

  // Decision 120: on SQLite the CSV of a search more than 50,000 share walks the list's order (100 shoppers per row of a
  // batch at most in one statement) instead of sorting what is left for every batch, until a walk ends before its batch
  // is full; the same rows either way, on both databases (the batches asked of the repository, small, walking or not).
  it('exports a search that many share in the order of the list, its batches carrying on past walks that find none', async () => {
    const all = Array.from({ length: 10_001 }, (_, i) => `capped${i}@many.test`);
    const lines = (await owner.get('/api/admin/customers.csv?q=capped')).body.trim().split('\r\n');
    expect(lines.slice(1).map((l) => l.split('","')[1])).toEqual(all);
    // Batches of 100 walk 10,000 shoppers each: the first reads the 10,000 newer 'later' customers, finds none and sorts from there.
    const first = await customersBatch(shop.db, { text: 'capped', phone: null }, null, 100, true);
    expect([first.users.length, first.walk, first.next?.id]).toEqual([0, false, 'later9999']);
    for (const walk of [true, false]) {
      const got: string[] = [];
      let after: CustomerKey | null = null;
      for (let batch = 0; batch < 200; batch++) {
        const { users, next } = await customersBatch(shop.db, { text: 'capped', phone: null }, after, 100, walk);
        got.push(...users.map((u) => u.email));
        if (next === null) break;
        after = next;
      }
      expect(got, walk ? 'walked' : 'sorted').toEqual(all);
    }
  });
});
