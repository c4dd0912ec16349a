import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, ADMIN_PASSWORD, asAdmin } from './helpers/admin';
import { GST_SHOP, payInSimulation, shopperWithCart } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
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

  describe('the delivery state checked against the pincode (decision 111)', () => {
    const DELHI_AS_MAHARASHTRA = 'Pincode 110001 is in Delhi: enter that state, or check the pincode';
    const orderCount = async (email: string) => (await shop.db.selectFrom('orders').select('id').where('email', '=', email).execute()).length;

    it('refuses a Delhi pincode typed with the state Maharashtra (the shop’s own: CGST+SGST instead of IGST), on the state field', async () => {
      const s = await shopperWithCart(shop, [[kit.id, 1]]);
      const refused = await s.api.post('/api/createBulkOrder', {
        items: items(),
        address: { ...SCHOOL, city: 'New Delhi', state: 'Maharashtra', zipCode: '110001' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: DELHI_AS_MAHARASHTRA, code: 'validation', fields: { 'address.state': DELHI_AS_MAHARASHTRA } });
      expect(await orderCount(s.email)).toBe(0);

      // Saving the profile and signing up say the same.
      const me = (await s.api.get('/api/me')).json();
      const profile = {
        name: me.name,
        username: me.username,
        phone: '9876543210',
        address: '1 Janpath',
        city: 'New Delhi',
        state: 'Maharashtra',
        zipCode: '110001',
      };
      const saved = await s.api.patch('/api/me', profile);
      expect(saved.statusCode).toBe(400);
      expect(saved.json()).toMatchObject({ message: DELHI_AS_MAHARASHTRA, fields: { state: DELHI_AS_MAHARASHTRA } });
      expect((await s.api.get('/api/me')).json()).toMatchObject({ state: 'Maharashtra', zipCode: '411001' });
      const signUp = await post(shop, '/api/auth/sign-up/email', shopperDetails({ state: 'Maharashtra', zipCode: '110001' }));
      expect(signUp.statusCode).toBe(400);
      expect(signUp.body).toContain(DELHI_AS_MAHARASHTRA);
      expect((await s.api.patch('/api/me', { ...profile, state: 'Delhi' })).json()).toMatchObject({ state: 'Delhi', zipCode: '110001' });
    });

    it('accepts either state of a shared range: Chandigarh or Punjab for 160', async () => {
      for (const [state, zipCode] of [
        ['Chandigarh', '160017'],
        ['Punjab', '160055'],
      ] as const) {
        const s = await shopperWithCart(shop, [[kit.id, 1]]);
        const created = await s.api.post('/api/createBulkOrder', { items: items(), address: { ...SCHOOL, city: 'Chandigarh', state, zipCode } });
        expect(created.statusCode, created.body).toBe(200);
        expect(await shop.db.selectFrom('orders').select('delivery_state').where('order_code', '=', created.json().orderId).executeTakeFirstOrThrow()).toEqual({
          delivery_state: state,
        });
      }
      const wrong = await (
        await shopperWithCart(shop, [[kit.id, 1]])
      ).api.post('/api/createBulkOrder', {
        items: items(),
        address: { ...SCHOOL, state: 'Haryana', zipCode: '160017' },
      });
      expect(wrong.json().fields).toEqual({ 'address.state': 'Pincode 160017 is in Chandigarh or Punjab: enter that state, or check the pincode' });
    });

    it('invoices the corrected Delhi address with IGST from a shop in Maharashtra', async () => {
      const s = await shopperWithCart(shop, [[kit.id, 1]]);
      const delhi = { ...SCHOOL, address: '1 Janpath', city: 'New Delhi', zipCode: '110001' };
      expect((await s.api.post('/api/createBulkOrder', { items: items(), address: { ...delhi, state: 'Maharashtra' } })).statusCode).toBe(400);
      const created = await s.api.post('/api/createBulkOrder', { items: items(), address: { ...delhi, state: 'Delhi' } });
      expect(created.statusCode, created.body).toBe(200);
      expect((await s.api.post('/api/processOrder', await payInSimulation(shop, s.cookie, created.json().id))).json().success).toBe(true);
      const text = pdfText((await s.api.get(`/api/orders/${created.json().orderId}/invoice.pdf`)).rawPayload);
      expectLines(text, ['Place of supply: Delhi (07)', '1 Janpath, New Delhi, Delhi 110001', 'IGST:'], ['CGST:', 'SGST:']);
    });

    it('refuses checkout to a profile whose state its pincode cannot be in (saved before the check), until Edit Profile corrects it', async () => {
      const s = await shopperWithCart(shop, [[kit.id, 1]]);
      await shop.db.updateTable('user').set({ state: 'Maharashtra', zipCode: '110001' }).where('email', '=', s.email).execute();
      const refused = await s.api.post('/api/createBulkOrder', { items: items() });
      const message = "Pincode 110001 is in Delhi, not in the state of your profile's address. Please correct it in Edit Profile.";
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message, code: 'state_not_of_pincode', fields: { state: message } });
      expect(await orderCount(s.email)).toBe(0);
      // Another address is still taken, and so is the profile once corrected.
      expect((await s.api.post('/api/createBulkOrder', { items: items(), address: SCHOOL })).statusCode).toBe(200);
      await shop.db.updateTable('user').set({ state: 'Delhi' }).where('email', '=', s.email).execute();
      await s.api.post('/api/cart', { productId: kit.id, quantity: 1 });
      expect((await s.api.post('/api/createBulkOrder', { items: items() })).statusCode).toBe(200);
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
