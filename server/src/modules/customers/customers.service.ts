import type { Db } from '../../db/database';
import { instantOf } from '../../db/rows';
import {
  CUSTOMER_ORDERS_SHOWN,
  CUSTOMERS_PAGE_SIZE,
  customerMessages,
  type CustomerDetail,
  type CustomerRow,
  type CustomersQuery,
} from '@shared/customers.schemas';
import { paiseToRupees } from '@shared/money';
import { pageWindow } from '@shared/paging';
import { notFound } from '../../errors';
import type { Auth } from '../auth/auth';
import type { AuditChanges } from '../audit/audit.service';
import { csvCell } from '../orders/orders-admin.service';
import * as repo from './customers.repository';

/** What a search means: the beginning of a name or e-mail (any case) and, when it looks like one, of a phone number. */
function filterOf(q: string): repo.CustomerFilter {
  const text = q.trim().toLowerCase();
  const digits = text.replace(/[\s()-]/g, '');
  // Phones are stored as +91 and 10 digits: "98765", "+9198765" and "09876…" all mean +9198765….
  const local = /^\+?\d+$/.test(digits) ? digits.replace(/^\+91/, '').replace(/^0/, '') : null;
  const phone = local !== null && local.length >= 3 ? `+91${local}` : null;
  return { text, phone };
}

/** A timestamp as ISO 8601 in UTC (instantOf reads SQLite's CURRENT_TIMESTAMP as UTC, where `new Date` read it as local time). */
const iso = (v: string | Date | null | undefined): string => (v == null ? '' : instantOf(v));

type Stats = Awaited<ReturnType<typeof repo.orderStats>>[number];

function rowOf(u: repo.CustomerUserRow, stats: Stats | undefined): CustomerRow {
  const username = u.displayUsername ?? u.username ?? '';
  return {
    id: u.id,
    name: u.name.trim() || username,
    email: u.email,
    phone: u.phone ?? '',
    createdAt: iso(u.createdAt),
    blocked: Boolean(u.banned),
    orders: Number(stats?.orders ?? 0),
    totalSpent: paiseToRupees(Number(stats?.spent_paise ?? 0)),
    lastOrderAt: stats?.last_paid_at ? iso(stats.last_paid_at) : null,
  };
}

async function withStats(db: Db, users: repo.CustomerUserRow[]): Promise<CustomerRow[]> {
  const stats = new Map(
    (
      await repo.orderStats(
        db,
        users.map((u) => u.id),
      )
    ).map((s) => [s.user_id, s]),
  );
  return users.map((u) => rowOf(u, stats.get(u.id)));
}

/**
 * One page of customers (shoppers, not staff), newest first, with what each bought: the page's
 * customers' paid orders are summed (by the orders' index on the customer), never all orders.
 * The count is exact up to 10,000 and capped past it (decision 043's convention).
 */
export async function listCustomers(db: Db, q: CustomersQuery) {
  const filter = filterOf(q.q);
  const { users, counted } = await repo.customersPage(db, filter, pageWindow(q.page, CUSTOMERS_PAGE_SIZE));
  const capped = counted > repo.CUSTOMER_COUNT_CAP;
  return { customers: await withStats(db, users), total: capped ? repo.CUSTOMER_COUNT_CAP : counted, capped, page: q.page, pageSize: CUSTOMERS_PAGE_SIZE };
}

async function customerOr404(db: Db, id: string) {
  const u = await repo.findCustomer(db, id);
  if (!u) throw notFound(customerMessages.notFound, 'customer_not_found');
  return u;
}

/** A customer's page: profile, addresses, orders, refunds, free claims, 3D-print requests and the shop's note. */
export async function getCustomer(db: Db, id: string): Promise<CustomerDetail> {
  const u = await customerOr404(db, id);
  const [[row], orders, addresses, refunds, claims, prints, note] = await Promise.all([
    withStats(db, [u]),
    repo.ordersOf(db, id, CUSTOMER_ORDERS_SHOWN),
    repo.addressesOf(db, id, 20),
    repo.refundsOf(db, id, 100),
    repo.claimsOf(db, u.email, 100),
    repo.printRequestsOf(db, u.email, 100),
    repo.findNote(db, id),
  ]);
  const profileAddress = [u.address, u.city, [u.state, u.zipCode].filter(Boolean).join(' ')].filter((p) => p && p.trim()).join(', ');
  return {
    profile: {
      ...row!,
      username: u.displayUsername ?? u.username ?? '',
      emailVerified: Boolean(u.emailVerified),
      address: u.address ?? '',
      city: u.city ?? '',
      state: u.state ?? '',
      zipCode: u.zipCode ?? '',
      blockReason: u.banned ? (u.banReason ?? null) : null,
    },
    addresses: [...new Set([profileAddress, ...addresses].filter(Boolean))],
    orders: orders.map((o) => ({
      orderId: o.order_code,
      status: o.status,
      total: paiseToRupees(o.total_paise),
      paidAt: iso(o.paid_at),
      items: Number(o.items ?? 0),
    })),
    refunds: refunds.map((r) => ({
      orderId: r.order_code,
      amount: paiseToRupees(r.amount_paise),
      status: r.status,
      kind: r.kind,
      reason: r.reason,
      createdAt: iso(r.created_at),
    })),
    claims: claims.map((c) => ({ id: c.id, productTitle: c.product_title, status: c.status, createdAt: iso(c.created_at) })),
    printRequests: prints.map((p) => ({ id: p.id, reason: p.reason, price: paiseToRupees(p.price_paise), status: p.status, createdAt: iso(p.created_at) })),
    note: note ? { text: note.note, updatedBy: note.updated_by, updatedAt: note.updated_at } : null,
  };
}

/** Writes the shop's private note on a customer (empty: removes it); answers the audit log's before and after. */
export async function saveNote(db: Db, id: string, text: string, adminUsername: string): Promise<{ note: CustomerDetail['note']; changes: AuditChanges }> {
  await customerOr404(db, id);
  const before = await repo.findNote(db, id);
  const at = new Date().toISOString();
  if (text === '') await repo.deleteNote(db, id);
  else await repo.saveNote(db, id, text, `admin:${adminUsername}`, at);
  const note = text === '' ? null : { text, updatedBy: `admin:${adminUsername}`, updatedAt: at };
  return { note, changes: before?.note === text ? {} : { note: [before?.note ?? null, text === '' ? null : text] } };
}

/**
 * Blocks or unblocks a shopper. A blocked shopper's sessions end at once, better-auth's admin
 * plugin refuses them a new one (the sign-in answers customerMessages.blocked), and checkout
 * refuses them; their orders stay as they are.
 */
export async function setBlocked(auth: Auth, db: Db, id: string, blocked: boolean, reason: string): Promise<{ changes: AuditChanges }> {
  const before = await customerOr404(db, id);
  const ctx = await auth.$context;
  await ctx.internalAdapter.updateUser(id, { banned: blocked, banReason: blocked ? reason || null : null, banExpires: null });
  if (blocked) await ctx.internalAdapter.deleteUserSessions(id);
  const was = Boolean(before.banned);
  return { changes: was === blocked ? {} : { blocked: [was, blocked], ...(blocked && reason ? { reason: [null, reason] } : {}) } };
}

const CSV_BATCH = 1000;
const CSV_HEADER = ['Name', 'Email', 'Phone', 'Signed up', 'Orders', 'Total spent (INR)', 'Last order', 'Blocked'];

/**
 * The filtered customers as CSV, streamed a batch at a time (keyset paging over the list's index,
 * so each batch costs its size; a search most customers share walks that index once on SQLite,
 * decision 120): cells quoted and never read as formulas (orders CSV's rule).
 */
export async function* customersCsv(db: Db, q: string): AsyncGenerator<string> {
  const filter = filterOf(q);
  yield `${CSV_HEADER.map(csvCell).join(',')}\r\n`;
  let walk = await repo.csvWalks(db, filter);
  let after: repo.CustomerKey | null = null;
  for (;;) {
    const batch = await repo.customersBatch(db, filter, after, CSV_BATCH, walk);
    const { users, next } = batch;
    if (users.length > 0) {
      const rows = await withStats(db, users);
      yield rows
        .map(
          (c) =>
            [c.name, c.email, c.phone, c.createdAt, c.orders, c.totalSpent.toFixed(2), c.lastOrderAt, c.blocked ? 'yes' : 'no'].map(csvCell).join(',') + '\r\n',
        )
        .join('');
    }
    if (next === null) return;
    after = next;
    walk = batch.walk;
  }
}
