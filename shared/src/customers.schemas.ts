import { z } from 'zod';
import { Instant, OrderCode } from './fields.schemas';
import { Me } from './account.schemas';
import { ADMIN_PAGE_SIZE } from './paging';

/** Customers per page of the admin list. */
export const CUSTOMERS_PAGE_SIZE = ADMIN_PAGE_SIZE;
/** The list is counted exactly up to 10,000 (decision 043): its last page is the 400th. */
const CUSTOMERS_MAX_PAGE = 400;

export const CustomersQuery = z.object({
  /** the beginning of a name, an e-mail address or a phone number (any case) */
  q: z.string().trim().max(100, 'Search with at most 100 characters').default(''),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(CUSTOMERS_MAX_PAGE, `page goes up to ${CUSTOMERS_MAX_PAGE}: search to narrow the list`)
    .default(1),
});
export type CustomersQuery = z.infer<typeof CustomersQuery>;

/**
 * A customer in the admin list: who (the shopper's own record, as GET /api/me answers it), and what
 * they bought (paid orders not canceled; rupees).
 */
export const CustomerRow = Me.pick({ id: true, name: true, email: true, phone: true }).extend({
  createdAt: Instant,
  blocked: z.boolean(),
  /** paid orders, canceled ones included */
  orders: z.number().int(),
  /** rupees: the totals of the paid orders that were not canceled */
  totalSpent: z.number(),
  /** when the last paid order was paid, or null */
  lastOrderAt: Instant.nullable(),
});
export type CustomerRow = z.infer<typeof CustomerRow>;

/** GET /api/admin/customers answers a JSON array; the total is in X-Total-Count. */
export const CustomerList = z.array(CustomerRow);

export const CustomerNote = z.object({ text: z.string(), updatedBy: z.string(), updatedAt: Instant });

export const CustomerDetail = z.object({
  /** the list's row, the rest of the shopper's record, and why the shop blocked them */
  profile: CustomerRow.extend({
    ...Me.pick({ username: true, emailVerified: true, address: true, city: true, state: true, zipCode: true }).shape,
    blockReason: z.string().nullable(),
  }),
  /** the profile's address first, then the other delivery addresses of the orders */
  addresses: z.array(z.string()),
  /** the newest paid orders (at most CUSTOMER_ORDERS_SHOWN; `profile.orders` counts them all) */
  orders: z.array(z.object({ orderId: OrderCode, status: z.string(), total: z.number(), paidAt: Instant, items: z.number().int() })),
  refunds: z.array(z.object({ orderId: OrderCode, amount: z.number(), status: z.string(), kind: z.string(), reason: z.string(), createdAt: Instant })),
  claims: z.array(z.object({ id: z.number().int(), productTitle: z.string(), status: z.string(), createdAt: Instant })),
  printRequests: z.array(z.object({ id: z.number().int(), reason: z.string(), price: z.number(), status: z.string(), createdAt: Instant })),
  note: CustomerNote.nullable(),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;
/** The customer page lists at most this many orders, newest first. */
export const CUSTOMER_ORDERS_SHOWN = 100;

export const CustomerIdParam = z.object({ id: z.string().trim().min(1).max(100) });

export const CustomerNoteInput = z.object({
  note: z.string({ error: 'Write a note (empty to remove it)' }).trim().max(2000, 'A note has at most 2,000 characters'),
});
export type CustomerNoteInput = z.infer<typeof CustomerNoteInput>;

export const BlockCustomerInput = z.object({
  reason: z.string().trim().max(200, 'The reason has at most 200 characters').default(''),
});
export type BlockCustomerInput = z.infer<typeof BlockCustomerInput>;

export const customerMessages = {
  notFound: 'No such customer',
  /** what a blocked shopper is told when signing in (and by checkout) */
  blocked: 'This account is blocked. Please contact the shop if you think this is a mistake.',
  noteSaved: 'Note saved',
  blockedDone: 'Customer blocked: they are signed out and cannot sign in or order',
  unblocked: 'Customer unblocked',
  searchHint: 'The start of a name, email or phone number',
} as const;
