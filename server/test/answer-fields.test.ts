import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminOrderList } from '@shared/admin-orders.schemas';
import { NotifySignup } from '@shared/notify.schemas';
import { OrderMoney } from '@shared/refunds';
import { AdminClaimPage, AdminPrintRequestPage } from '@shared/services.schemas';
import { StudentOfMonth } from '@shared/students.schemas';
import { binaryStl, cubeTriangles } from '@shared/testing/stl-samples';
import { AuditEntry } from '@shared/audit.schemas';
import { AdminCoupon } from '@shared/coupons.schemas';
import { CustomerDetail, CustomerList } from '@shared/customers.schemas';
import { UserOrder } from '@shared/orders.schemas';
import { OutboxPage } from '@shared/outbox.schemas';
import { AdminPolicy } from '@shared/policies.schemas';
import { StaffSession } from '@shared/staff-sessions.schemas';
import { StaffMember } from '@shared/staff.schemas';
import { fields, multipart, png } from './helpers/admin';
import { startAdminShop, roverAndCable, type Admin } from './helpers/admin-shop';
import { paidOrderFrom } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import type { TestShop } from './helpers/test-app';

/** Where a schema's field is documented with a format (shared/src/fields.schemas.ts), every value it holds, by path. */
function formatted(schema: z.ZodType, value: unknown, format: string, path = '', out: [string, unknown][] = []): [string, unknown][] {
  if (z.globalRegistry.get(schema)?.format === format) out.push([path, value]);
  else if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    if (value !== null && value !== undefined) formatted(schema.unwrap() as z.ZodType, value, format, path, out);
  } else if (schema instanceof z.ZodArray) {
    (value as unknown[]).forEach((v, i) => formatted(schema.element as z.ZodType, v, format, `${path}[${i}]`, out));
  } else if (schema instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      formatted(field, (value as Record<string, unknown>)[key], format, `${path}.${key}`, out);
    }
  }
  return out;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A row of each table whose created_at the database fills, made through the routes: a Notify Me sign-up,
 * a free kit claim, a 3D printing request, a student of the month and a refund of the paid order `orderId`
 * (its payment and its mails are there already).
 */
async function timestampedByTheDatabase(t: Awaited<ReturnType<typeof startAdminShop>>, orderId: string) {
  const { shop, admin, f, categoryId } = t;
  const json = (url: string, body: unknown) =>
    shop.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  expect((await json('/api/notify', { email: 'fan@example.com' })).statusCode).toBeLessThan(300);
  const free = await f.product({ title: 'Answer fields free kit', pricePaise: 0, categoryId });
  const claim = {
    name: 'Meera',
    email: 'meera@example.com',
    mobile: '9876543210',
    school: 'GHS',
    classna: '8',
    division: 'B',
    rollNo: '23',
    productId: free.id,
  };
  expect((await json('/api/freeclaim', claim)).statusCode).toBeLessThan(300);
  const request = fields({
    con_name: 'Arjun',
    phNo: '9876543210',
    email: 'maker@example.com',
    reason: '',
    message: 'PLA',
    is2DTo3D: 'false',
    length: '5',
    width: '5',
    height: '5',
  });
  const { payload, headers } = multipart([...request, { name: 'files', value: Buffer.from(binaryStl(cubeTriangles(50))), filename: 'cube.stl' }]);
  expect((await shop.app.inject({ method: 'POST', url: '/api/mailforwarder/', headers, payload })).statusCode).toBe(200);
  const student = fields({ name: 'Asha', school: 'KV Pune', details: 'A line follower', videoId: 'dQw4w9WgXcQ' });
  expect(
    (await admin.form('POST', '/api/studofmonth', [...student, { name: 'image', value: await png(), filename: 'asha.png', type: 'image/png' }])).statusCode,
  ).toBe(201);
  const refund = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amount: 10, reason: 'Goodwill', idempotencyKey: `fields-${orderId}` });
  expect(refund.statusCode, refund.body).toBe(201);
}

/**
 * The answers' fields typed `Instant` or `EmailAddress` (decision 083) hold what the OpenAPI document
 * says they do, on both databases: the named schemas only document, so nothing else holds them to it.
 */
describe.each(DB_KINDS)('answer fields documented as instants and e-mail addresses, on %s', (kind) => {
  let shop: TestShop;
  let admin: Admin;
  let customerId: string;
  let shopper: Awaited<ReturnType<typeof paidOrderFrom>>['api'];
  let orderId: string;

  beforeAll(async () => {
    const t = await startAdminShop(kind, 'Answer fields');
    ({ shop, admin } = t);
    const { kit } = await roverAndCable(t, 'Answer fields');
    ({
      api: shopper,
      order: { orderId },
    } = await paidOrderFrom(shop, 'Maharashtra', [[kit.id, 1]]));
    customerId = (await admin.get('/api/admin/customers')).json()[0].id;
    expect((await admin.put(`/api/admin/customers/${customerId}/note`, { note: 'Calls after 6 pm' })).statusCode).toBe(200);
    expect((await admin.post('/api/coupons', { code: 'FIELDS10', discount: 10, expires_at: '2030-01-01' })).statusCode).toBe(200);
    expect((await admin.put('/api/admin/policies/terms', { markdown: '# Terms\n\nOur terms.' })).statusCode).toBe(200);
    await timestampedByTheDatabase(t, orderId);
  });
  afterAll(() => shop.close());

  it.each([
    ['/api/admin/audit', z.array(AuditEntry)],
    ['/api/admin/sessions', z.array(StaffSession)],
    ['/api/admin/staff', z.array(StaffMember)],
    ['/api/ordersAdmin', AdminOrderList],
    ['/api/admin/customers', CustomerList],
    ['/api/coupons', z.array(AdminCoupon)],
    ['/api/admin/policies', z.array(AdminPolicy)],
  ] as const)('%s: every instant is ISO 8601 in UTC', async (url, schema) => {
    const res = await admin.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const instants = formatted(schema, res.json(), 'date-time');
    expect(instants.length).toBeGreaterThan(0);
    for (const [path, value] of instants) expect(value, `${url} ${path}`).toMatch(ISO_UTC);
  });

  // Rows whose created_at the database fills (CURRENT_TIMESTAMP): SQLite's text has no zone, PostgreSQL's
  // is `2026-11-27 23:03:12.028612+00`; the answers give them as instants all the same (decision 087).
  it.each([
    ['/api/admin/outbox', OutboxPage, ['.mails[0].createdAt']],
    ['/api/admin/notify', z.array(NotifySignup), ['[0].createdAt']],
    ['/api/admin/claims', AdminClaimPage, ['.claims[0].createdAt']],
    ['/api/admin/print-requests', AdminPrintRequestPage, ['.requests[0].createdAt']],
    ['/api/studofmonth', StudentOfMonth, ['.createdAt']],
    ['money', OrderMoney, ['.payments[0].createdAt', '.refunds[0].createdAt']],
  ] as const)('%s: the instants the database timestamps are ISO 8601 in UTC', async (url, schema, paths) => {
    const res = await admin.get(url === 'money' ? `/api/admin/orders/${orderId}/money` : url);
    expect(res.statusCode, res.body).toBe(200);
    const instants = formatted(schema, res.json(), 'date-time');
    expect(instants.map(([path]) => path)).toEqual(expect.arrayContaining([...paths]));
    for (const [path, value] of instants) expect(value, `${url} ${path}`).toMatch(ISO_UTC);
  });

  it("a customer's page and the shopper's own orders: every instant is ISO 8601 in UTC", async () => {
    const detail = formatted(CustomerDetail, (await admin.get(`/api/admin/customers/${customerId}`)).json(), 'date-time');
    expect(detail.map(([path]) => path)).toEqual(
      expect.arrayContaining(['.profile.createdAt', '.profile.lastOrderAt', '.orders[0].paidAt', '.note.updatedAt']),
    );
    const own = formatted(z.object({ orders: z.array(UserOrder) }), (await shopper.get('/api/UserOrders')).json(), 'date-time');
    expect(own.map(([path]) => path)).toEqual(expect.arrayContaining(['.orders[0].created_at']));
    for (const [path, value] of [...detail, ...own]) expect(value, path).toMatch(ISO_UTC);
  });

  it('every e-mail address documented as one is an address (staff, orders, customers, the outbox)', async () => {
    const answers: [z.ZodType, string][] = [
      [z.array(StaffMember), '/api/admin/staff'],
      [AdminOrderList, '/api/ordersAdmin'],
      [CustomerList, '/api/admin/customers'],
      [CustomerDetail, `/api/admin/customers/${customerId}`],
      [OutboxPage, '/api/admin/outbox'],
    ];
    const emails: [string, unknown][] = [];
    for (const [schema, url] of answers) emails.push(...formatted(schema, (await admin.get(url)).json(), 'email', url));
    expect(emails.map(([path]) => path)).toEqual(
      expect.arrayContaining(['/api/admin/staff[0].email', '/api/ordersAdmin[0].customerEmail', '/api/admin/customers[0].email']),
    );
    for (const [path, value] of emails) expect(value, path).toMatch(EMAIL);
  });
});
