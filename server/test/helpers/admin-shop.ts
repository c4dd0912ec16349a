import type { OrderMoney } from '@shared/refunds';
import type { Env } from '../../src/config';
import { ADMIN_PASSWORD, adminToken, asAdmin } from './admin';
import type { DbKind } from './databases';
import { factories, startTestShop, type TestShop } from './test-app';

export type Factories = ReturnType<typeof factories>;
export type Admin = ReturnType<typeof asAdmin>;

/**
 * A test shop on `kind` (with ADMIN_PASSWORD, and `env`) set up as the catalogue and order tests
 * start: its factories, one category named `category` to put products in, and the first admin signed in.
 */
export async function startAdminShop(kind: DbKind, category: string, env: Env = {}) {
  const shop: TestShop = await startTestShop(kind, { ...env, ADMIN_PASSWORD });
  const f = factories(shop);
  const categoryId = (await f.category(category)).id;
  const admin = asAdmin(shop, await adminToken(shop));
  return { shop, f, categoryId, admin };
}

/**
 * The two products of the GST money tests, in the shop's category: `<name> Rover`, ₹1,180 (₹1,000
 * and 18 % GST), and `<name> Cable`, ₹236; `stock` for both (untracked by default).
 */
export async function roverAndCable(t: { f: Factories; categoryId: number }, name: string, stock: number | null = null) {
  const kit = await t.f.product({ title: `${name} Rover`, categoryId: t.categoryId, pricePaise: 1_180_00, stock });
  const cable = await t.f.product({ title: `${name} Cable`, categoryId: t.categoryId, pricePaise: 236_00, stock });
  return { kit, cable };
}

/** An order's money as the admin's dashboard reads it (GET /api/admin/orders/{orderId}/money): its lines, payments, refunds and credit notes. */
export async function moneyOf(admin: Admin, orderId: string): Promise<OrderMoney> {
  const res = await admin.get(`/api/admin/orders/${orderId}/money`);
  if (res.statusCode !== 200) throw new Error(`the money of order ${orderId}: ${res.statusCode} ${res.body}`);
  return res.json() as OrderMoney;
}
