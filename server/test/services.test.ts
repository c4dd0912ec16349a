import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiStl, binaryStl, cubeTriangles } from '@shared/testing/stl-samples';
import { ADMIN_PASSWORD, adminToken, asAdmin, multipart, png, type Part } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('free kit claims and 3D printing on %s', (kind) => {
  let shop: TestShop;
  let free: { id: number };
  let paid: { id: number };

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD, SHOP_EMAIL: 'shop@example.com', FORM_RATE_LIMIT: '1000' });
    const f = factories(shop);
    const c = await f.category('Robobox Kits');
    free = await f.product({ title: 'Starter Kit - School Edition', pricePaise: 0, categoryId: c.id });
    paid = await f.product({ title: 'Starter Kit', pricePaise: 249_900, categoryId: c.id });
  });
  afterAll(() => shop.close());

  const claim = (body: Record<string, unknown>) =>
    shop.app.inject({ method: 'POST', url: '/api/freeclaim', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const details = (email: string) => ({
    name: 'Meera <b>Iyer</b>',
    email,
    mobile: '9876543210',
    school: 'Govt. High School, Madurai',
    classna: '8',
    division: 'B',
    rollNo: '23',
    productId: free.id,
  });
  const mails = (to: string) => shop.db.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();

  describe('free claims', () => {
    it('stores a claim for a free product once, mails the claimer and the shop with every field escaped', async () => {
      const res = await claim(details(`teacher.${kind}@school.example`));
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Thank you! Your claim for Starter Kit - School Edition has been received. We will contact you soon.');
      expect((await mails(`teacher.${kind}@school.example`)).map((m) => m.kind)).toEqual(['claim-confirmation']);
      const notice = (await mails('shop@example.com')).find((m) => m.kind === 'claim-notice')!;
      for (const v of ['Govt. High School, Madurai', '+919876543210', 'Roll number: 23', 'Division: B', 'Class: 8']) expect(notice.text_body).toContain(v);
      expect(notice.html_body).toContain('Meera &lt;b&gt;Iyer&lt;/b&gt;');
      expect(notice.html_body).not.toContain('<b>Iyer</b>');

      const again = await claim({ ...details(`TEACHER.${kind}@school.example`) });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(`TEACHER.${kind}@school.example has already claimed this kit.`);
    });

    it.each([
      ['a missing school', { school: undefined }],
      ['a blank name', { name: '  ' }],
      ['a bad email', { email: 'not-an-email' }],
      ['a short mobile', { mobile: '12345' }],
      ['a 10,000-character school', { school: 'x'.repeat(10_000) }],
    ])('refuses %s with a 4xx and stores nothing', async (_n, change) => {
      const before = (await shop.db.selectFrom('free_claims').select('id').execute()).length;
      const res = await claim({ ...details(`x.${Math.random()}@example.com`), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
      expect((await shop.db.selectFrom('free_claims').select('id').execute()).length).toBe(before);
    });

    it('refuses claims for products that are not free', async () => {
      const res = await claim({ ...details('paid@example.com'), productId: paid.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This product is not free, so it cannot be claimed.');
    });
  });

  describe('3D printing', () => {
    const cube = binaryStl(cubeTriangles(50));
    const fields = (over: Record<string, string> = {}): Part[] =>
      Object.entries({
        con_name: 'Arjun',
        phNo: '9876543210',
        email: `maker.${kind}@example.com`,
        reason: '',
        message: 'Please print in <PLA>',
        is2DTo3D: 'false',
        length: '10',
        width: '10',
        height: '500',
        ...over,
      }).map(([name, value]) => ({ name, value }));
    const send = (parts: Part[]) => {
      const { payload, headers } = multipart(parts);
      return shop.app.inject({ method: 'POST', url: '/api/mailforwarder/', headers, payload });
    };
    const requestCount = async () => (await shop.db.selectFrom('print_requests').select('id').execute()).length;

    it('stores a request with two STL models and a PNG, priced 200 + 150, clamping dimensions, and mails both sides', async () => {
      const res = await send([
        ...fields(),
        { name: 'files', value: Buffer.from(cube), filename: 'cube.stl' },
        { name: 'files', value: Buffer.from(asciiStl(cubeTriangles(30))), filename: 'small.STL' },
        { name: 'files', value: await png(), filename: 'sketch.png', type: 'image/png' },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toMatch(/^Thank you! Your 3D printing request #\d+ has been received\. Estimated price: ₹350\.00\./);
      const row = await shop.db.selectFrom('print_requests').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ reason: '3D Printing', price_paise: 35_000, height_cm: 22, length_cm: 10, ph_no: '+919876543210' });
      const notice = (await mails('shop@example.com')).filter((m) => m.kind === 'print-request').at(-1)!;
      expect(notice.text_body).toContain('cube.stl (5.0 x 5.0 x 5.0 cm, 125.0 cm³)');
      expect(notice.text_body).toContain('Attachments: cube.stl, small.STL, sketch.png');
      expect(notice.html_body).toContain('Please print in &lt;PLA&gt;');
      expect((await mails(`maker.${kind}@example.com`)).map((m) => m.kind)).toEqual(['print-confirmation']);

      const token = await adminToken(shop);
      const list = (await asAdmin(shop, token).get('/api/admin/print-requests?status=new')).json();
      expect(list.requests[0]).toMatchObject({
        price: 350,
        status: 'new',
        files: [{ filename: 'cube.stl', isStl: true }, { filename: 'small.STL' }, { filename: 'sketch.png', isStl: false }],
      });
      const file = list.requests[0].files[0];
      const download = await asAdmin(shop, token).get(`/api/admin/print-requests/${list.requests[0].id}/files/${file.id}`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(Buffer.from(cube))).toBe(true);
      // Customers' files are not public uploads.
      const key = (await shop.db.selectFrom('print_request_files').select('storage_key').where('id', '=', file.id).executeTakeFirstOrThrow()).storage_key;
      expect((await shop.app.inject(`/uploads/${key}`)).statusCode).toBe(404);
      expect((await asAdmin(shop, token).patch(`/api/admin/print-requests/${list.requests[0].id}`, { status: 'handled' })).statusCode).toBe(200);
      expect((await asAdmin(shop, token).get('/api/admin/print-requests?status=handled')).json().total).toBe(1);
    });

    it.each([
      ['no files', [], 'Add at least one file'],
      ['a non-STL file named .stl', [{ name: 'files', value: 'this is not a model', filename: 'fake.stl' }], 'fake.stl: The file is not a valid STL file'],
      [
        'a model larger than the build volume',
        [{ name: 'files', value: Buffer.from(binaryStl(cubeTriangles(230))), filename: 'big.stl' }],
        'big.stl measures 23.0 x 23.0 x 23.0 cm',
      ],
      ['an executable', [{ name: 'files', value: 'MZ...', filename: 'setup.exe' }], 'setup.exe: send .stl models'],
      [
        '11 files',
        Array.from({ length: 11 }, (_, i) => ({ name: 'files', value: Buffer.from(binaryStl(cubeTriangles(10))), filename: `m${i}.stl` })),
        'Send at most 10 files.',
      ],
    ])('refuses %s with a clear message and stores nothing', async (_n, files, message) => {
      const before = await requestCount();
      const res = await send([...fields(), ...(files as Part[])]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await requestCount()).toBe(before);
    });

    it.each([
      ['a missing name', { con_name: '' }, 'Name is required'],
      ['a dimension of 0', { length: '0' }, 'Length must be at least 1 cm'],
      ['a dimension of abc', { width: 'abc' }, 'Width must be a number of centimetres'],
      ['a bad phone', { phNo: '123' }, 'Phone must be a 10-digit phone number'],
    ])('refuses %s', async (_n, over, message) => {
      const res = await send([...fields(over), { name: 'files', value: Buffer.from(cube), filename: 'cube.stl' }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('refuses an oversize file with 413', async () => {
      const res = await send([...fields(), { name: 'files', value: Buffer.alloc(26 * 1024 * 1024, 7), filename: 'huge.stl' }]);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('Each file may be at most 25 MB.');
    });
  });
});

describe('form rate limits', () => {
  it('answers 429 after FORM_RATE_LIMIT submissions from one address in 10 minutes', async () => {
    const shop = await startTestShop('sqlite', { FORM_RATE_LIMIT: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await shop.app.inject({ method: 'POST', url: '/api/freeclaim', headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await shop.close();
    }
  });
});
