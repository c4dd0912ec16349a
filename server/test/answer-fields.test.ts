import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminOrderList } from '@shared/admin-orders.schemas';
import { AuditEntry } from '@shared/audit.schemas';
import { AdminCoupon } from '@shared/coupons.schemas';
import { CustomerDetail, CustomerList } from '@shared/customers.schemas';
import { UserOrder } from '@shared/orders.schemas';
import { OutboxPage } from '@shared/outbox.schemas';
import { AdminPolicy } from '@shared/policies.schemas';
import { StaffSession } from '@shared/staff-sessions.schemas';
import { StaffMember } from '@shared/staff.schemas';
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
 * The answers' fields typed `Instant` or `EmailAddress` (decision 083) hold what the OpenAPI document
 * says they do, on both databases: the named schemas only document, so nothing else holds them to it.
 */
describe.each(DB_KINDS)('answer fields documented as instants and e-mail addresses, on %s', (kind) => {
  let shop: TestShop;
  let admin: Admin;
  let customerId: string;
  let shopper: Awaited<ReturnType<typeof paidOrderFrom>>['api'];

  beforeAll(async () => {
    const t = await startAdminShop(kind, 'Answer fields');
    ({ shop, admin } = t);
    const { kit } = await roverAndCable(t, 'Answer fields');
    ({ api: shopper } = await paidOrderFrom(shop, 'Maharashtra', [[kit.id, 1]]));
    customerId = (await admin.get('/api/admin/customers')).json()[0].id;
    expect((await admin.put(`/api/admin/customers/${customerId}/note`, { note: 'Calls after 6 pm' })).statusCode).toBe(200);
    expect((await admin.post('/api/coupons', { code: 'FIELDS10', discount: 10, expires_at: '2030-01-01' })).statusCode).toBe(200);
    expect((await admin.put('/api/admin/policies/terms', { markdown: '# Terms\n\nOur terms.' })).statusCode).toBe(200);
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
