import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, ADMIN_PASSWORD, asAdmin } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { startTestShop, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('Notify Me on %s', (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD, FORM_RATE_LIMIT: '6' });
  });
  afterAll(() => shop.close());

  const notify = (email: unknown, ip = '10.9.9.1') =>
    shop.app.inject({
      method: 'POST',
      url: '/api/notify',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email }),
    });

  it('keeps an address once, whatever its case, and answers the same whether or not it was listed', async () => {
    const first = await notify('Maker@Example.com');
    const again = await notify('maker@example.com ');
    const other = await notify('someone-new@example.com', '10.9.9.5');
    expect(first.json()).toEqual({ message: "Thanks! We will email you when it's ready." });
    // Nothing tells a stranger that this address is on the list.
    for (const res of [again, other]) {
      expect(res.statusCode).toBe(first.statusCode);
      expect(res.body).toBe(first.body);
      expect(res.headers['content-type']).toBe(first.headers['content-type']);
    }
    // (Other tests of the file list addresses of their own, before or after this one.)
    const rows = await shop.db
      .selectFrom('notify_signups')
      .select('email')
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', ['maker@example.com', 'someone-new@example.com']))
      .orderBy('id')
      .execute();
    expect(rows).toEqual([{ email: 'Maker@Example.com' }, { email: 'someone-new@example.com' }]);
  });

  it('refuses what is not an email address', async () => {
    for (const bad of ['', 'not-an-email', 'a@', `${'x'.repeat(250)}@example.com`, 42, null]) {
      const res = await notify(bad, '10.9.9.2');
      expect(res.statusCode, String(bad)).toBe(400);
    }
    expect((await notify('x', '10.9.9.3')).json().fields.email).toBe('Enter a valid email address');
  });

  it('limits how often one address may sign up', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await notify(`flood${i}@example.com`, '10.9.9.4')).statusCode);
    expect(codes.slice(0, 6).every((c) => c === 200)).toBe(true);
    expect(codes.slice(6)).toEqual([429, 429]);
  });

  it('lists the addresses for the admin and exports them as CSV', async () => {
    // Listed by this test, whichever of the file's tests ran before it: the newest address.
    expect((await notify('Lister@Example.com', '10.9.9.6')).statusCode).toBe(200);
    const admin = asAdmin(shop, await adminToken(shop));
    const list = await admin.get('/api/admin/notify');
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ email: 'Lister@Example.com', createdAt: expect.any(String) });
    expect(list.headers['x-total-count']).toBe(String(list.json().length));
    const csv = await admin.get('/api/admin/notify.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('"Email","Signed up at"');
    expect(csv.body).toContain('"Lister@Example.com"');
    expect((await shop.app.inject('/api/admin/notify')).statusCode).toBe(401);
  });
});
