import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, ADMIN_PASSWORD, asAdmin } from './helpers/admin';
import { GST_SHOP, payInSimulation, shopperWithCart } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { reconcile } from '../src/modules/orders/orders.service';
import { expectLines, pdfText } from './helpers/pdf';
import { post, shopperDetails } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

const CSV = [
  'pincode,zone,cod,days',
  '411001,local,yes,1-2',
  '560001,national,no,3-5',
  '110001,national,no,2-3',
  '160017,national,no,2-3',
  '160055,national,no,2-3',
  '900001,national,no,5-7',
  '',
].join('\n');
const SCHOOL = {
  name: 'Principal, Green Valley School',
  phone: '+91 99887 76655',
  address: '7 School Lane',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipCode: '560001',
};

describe.each(DB_KINDS)('delivery to another address on %s', (kind) => {
  let shop: TestShop;
  let kit: { id: number };

  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD, SIMULATED_WEBHOOK_DELAY_MS: '60000', ...GST_SHOP });
    const admin = asAdmin(shop, await adminToken(shop));
    const c = await factories(shop).category('Kits');
    kit = await factories(shop).product({ title: 'Gift Rover', categoryId: c.id, pricePaise: 1_180_00, weightGrams: 600 });
    expect((await admin.form('POST', '/api/admin/shipping/pincodes', [{ name: 'file', value: CSV, filename: 'p.csv', type: 'text/csv' }])).statusCode).toBe(
      200,
    );
    const rules = {
      slabs: [
        { zone: 'local', upToGrams: 5000, rate: 30 },
        { zone: 'national', upToGrams: 5000, rate: 90 },
      ],
    };
    expect((await admin.put('/api/admin/shipping', rules)).statusCode).toBe(200);
  });
  afterAll(() => shop.close());

  const items = () => [{ productId: kit.id, quantity: 1 }];

  it('keeps the other address on the order, prices shipping to its pincode, and invoices to its state', async () => {
    const s = await shopperWithCart(shop, [[kit.id, 1]], { name: 'Asha Parent', state: 'Maharashtra', zipCode: '411001' });
    expect((await s.api.get('/api/cart')).json()).toMatchObject({ shipping: 30, total: 1210, delivery: { pincode: '411001' } });
    expect((await s.api.get('/api/cart?pincode=560001')).json()).toMatchObject({ shipping: 90, total: 1270, delivery: { pincode: '560001', days: '3-5' } });

    const created = await s.api.post('/api/createBulkOrder', { items: items(), address: SCHOOL, shipping: 0 });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().amount).toBe(1_270_00);
    const row = await shop.db
      .selectFrom('orders')
      .select(['name', 'phone', 'address', 'delivery_state', 'email', 'shipping_paise'])
      .where('order_code', '=', created.json().orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      name: 'Principal, Green Valley School',
      phone: '+919988776655',
      address: '7 School Lane, Bengaluru, Karnataka 560001',
      delivery_state: 'Karnataka',
      email: s.email,
      shipping_paise: 90_00,
    });

    expect((await s.api.post('/api/processOrder', await payInSimulation(shop, s.cookie, created.json().id))).json().success).toBe(true);
    const text = pdfText((await s.api.get(`/api/orders/${created.json().orderId}/invoice.pdf`)).rawPayload);
    expectLines(text, ['Place of supply: Karnataka (29)', '7 School Lane, Bengaluru, Karnataka 560001', 'IGST:'], ['CGST:']);
    // The profile stays as it was.
    expect((await s.api.get('/api/me')).json()).toMatchObject({ name: 'Asha Parent', city: 'Pune', zipCode: '411001' });
  });

  describe('the place of supply from the state and the pincode (decision 111): nothing refused', () => {
    const admin = () => adminToken(shop).then((t) => asAdmin(shop, t));
    /** The order placed and paid: its stored row, its invoice's text and its line in the GST register. */
    const paidOrder = async (s: Awaited<ReturnType<typeof shopperWithCart>>, address?: typeof SCHOOL) => {
      const created = await s.api.post('/api/createBulkOrder', { items: items(), ...(address ? { address } : {}) });
      expect(created.statusCode, created.body).toBe(200);
      const orderId = created.json().orderId as string;
      expect((await s.api.post('/api/processOrder', await payInSimulation(shop, s.cookie, created.json().id))).json().success).toBe(true);
      const row = await shop.db.selectFrom('orders').select(['address', 'delivery_state']).where('order_code', '=', orderId).executeTakeFirstOrThrow();
      const invoice = pdfText((await s.api.get(`/api/orders/${orderId}/invoice.pdf`)).rawPayload);
      const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const register = (await (await admin()).get(`/api/admin/gst/register.csv?from=${day(-1)}&to=${day(1)}`)).body;
      return { orderId, row, invoice, registerLine: register.split('\n').find((l) => l.includes(orderId)) };
    };

    it('signs up, saves and checks out a Delhi pincode typed with Maharashtra (the shop’s state), invoiced to Delhi (07) with IGST', async () => {
      const delhi = { address: '1 Janpath', city: 'New Delhi', state: 'Maharashtra', zipCode: '110001' };
      const signUp = await post(shop, '/api/auth/sign-up/email', shopperDetails(delhi));
      expect(signUp.statusCode, signUp.body).toBe(200);
      const s = await shopperWithCart(shop, [[kit.id, 1]], delhi);
      const me = (await s.api.get('/api/me')).json();
      const saved = await s.api.patch('/api/me', { name: me.name, username: me.username, phone: '9876543210', ...delhi, address: '2 Janpath' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await s.api.get('/api/me')).json()).toMatchObject({ address: '2 Janpath', state: 'Maharashtra', zipCode: '110001' });

      const { orderId, row, invoice, registerLine } = await paidOrder(s);
      // The address is kept as typed; the place of supply is where the pincode delivers.
      expect(row).toEqual({ address: '2 Janpath, New Delhi, Maharashtra 110001', delivery_state: 'Delhi' });
      expectLines(invoice, ['Place of supply: Delhi (07)', '2 Janpath, New Delhi, Maharashtra 110001', 'IGST:'], ['CGST:', 'SGST:']);
      expect(registerLine).toContain('"07","Delhi","Inter-state"');

      // Its credit note and the GST returns say the same.
      const refunded = await (await admin()).post(`/api/admin/orders/${orderId}/refunds`, { amount: 100, idempotencyKey: `pos-${kind}-${orderId}` });
      expect(refunded.statusCode, refunded.body).toBe(201);
      await reconcile(shop.app.orderDeps, 30);
      const orders = (await s.api.get('/api/UserOrders')).json().orders as { order_id: string; creditNotes: { id: number }[] }[];
      const note = orders.find((o) => o.order_id === orderId)!.creditNotes[0]!;
      const noteText = pdfText((await s.api.get(`/api/orders/${orderId}/credit-notes/${note.id}.pdf`)).rawPayload);
      expectLines(noteText, ['Place of supply: Delhi (07)', 'IGST:'], ['CGST:', 'SGST:']);
    });

    it('keeps the typed state in a range several states share, even one of none of them', async () => {
      for (const [state, zipCode, placeOfSupply] of [
        ['Chandigarh', '160017', 'Place of supply: Chandigarh (04)'],
        ['Haryana', '160055', 'Place of supply: Haryana (06)'],
      ] as const) {
        const s = await shopperWithCart(shop, [[kit.id, 1]]);
        const { row, invoice } = await paidOrder(s, { ...SCHOOL, city: 'Chandigarh', state, zipCode });
        expect(row.delivery_state).toBe(state);
        expectLines(invoice, [placeOfSupply, 'IGST:'], ['CGST:']);
      }
    });

    it('keeps a free-text state with a pincode the table does not know, as before', async () => {
      for (const [state, intra] of [
        ['Test State', false],
        ['maharashtra', true],
      ] as const) {
        const s = await shopperWithCart(shop, [[kit.id, 1]], { state, zipCode: '900001' });
        const { row, invoice, registerLine } = await paidOrder(s);
        expect(row.delivery_state).toBe(state);
        expect(invoice).toContain(`Place of supply: ${state}`);
        expectLines(invoice, [intra ? 'CGST:' : 'IGST:'], [intra ? 'IGST:' : 'CGST:']);
        expect(registerLine).toContain(intra ? `"27","${state}","Intra-state"` : `"","${state}","Inter-state"`);
      }
    });
  });

  it('prints packing slips for the orders chosen: the delivery address, phone, lines and weight', async () => {
    const admin = asAdmin(shop, await adminToken(shop));
    const placed: string[] = [];
    for (const address of [SCHOOL, undefined]) {
      const s = await shopperWithCart(shop, [[kit.id, 2]], { name: 'Vikram Joshi', phone: '9123456780' });
      const created = (await s.api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 2 }], ...(address ? { address } : {}) })).json();
      expect((await s.api.post('/api/processOrder', await payInSimulation(shop, s.cookie, created.id))).json().success).toBe(true);
      placed.push(created.orderId);
      expect((await s.api.get(`/api/admin/orders/packing-slips.pdf?orders=${created.orderId}`)).statusCode).toBe(401);
    }
    const res = await admin.get(`/api/admin/orders/packing-slips.pdf?orders=${placed.join(',')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expectLines(
      text,
      [
        `Packing slip: ${placed[0]}`,
        `Packing slip: ${placed[1]}`,
        'Principal, Green Valley School',
        '7 School Lane, Bengaluru, Karnataka 560001',
        'Phone: +919988776655',
        'Vikram Joshi',
        'Phone: +919123456780',
        '2 x Gift Rover (1.20 kg)',
        'Parcel weight: 1.20 kg',
      ],
      ['Rs.'],
    );

    const one = pdfText((await admin.get(`/api/admin/orders/packing-slips.pdf?orders=${placed[1]!.toLowerCase()}`)).rawPayload);
    expect(one).toContain('Vikram Joshi');
    expect(one).not.toContain('Green Valley');
    expect((await admin.get('/api/admin/orders/packing-slips.pdf?orders=RK999999999')).statusCode).toBe(404);
    for (const bad of ['', ',', Array.from({ length: 101 }, (_, i) => `RK${i}`).join(',')]) {
      const refused = await admin.get(`/api/admin/orders/packing-slips.pdf?orders=${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toMatch(/orders/);
    }
  });

  it("refuses another address the shop does not deliver to, though the profile's is served", async () => {
    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    const refused = await s.api.post('/api/createBulkOrder', { items: items(), address: { ...SCHOOL, state: 'Tripura', zipCode: '799001' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'not_serviceable', message: expect.stringContaining('We do not deliver to 799001 yet') });
    expect(await shop.db.selectFrom('orders').select('id').where('email', '=', s.email).execute()).toEqual([]);
  });

  it.each([
    ['a pincode starting with 0', { zipCode: '011001' }, 'zipCode', 'Zip code cannot start with 0'],
    ['a short pincode', { zipCode: '56001' }, 'zipCode', 'Zip code must be 6 digits'],
    ['a 9-digit phone', { phone: '998877665' }, 'phone', 'Phone number must be 10 digits'],
    ['no name', { name: ' ' }, 'name', 'Full name is required'],
    ['no city', { city: undefined }, 'city', 'City is required'],
  ])('refuses another address with %s, naming the field', async (_n, change, field, message) => {
    const s = await shopperWithCart(shop, [[kit.id, 1]]);
    const res = await s.api.post('/api/createBulkOrder', { items: items(), address: { ...SCHOOL, ...change } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(JSON.stringify(res.json())).toContain(field);
    expect((await s.api.get(`/api/cart?pincode=0110`)).statusCode).toBe(400);
  });
});
