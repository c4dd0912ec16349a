import { z } from 'zod';

/**
 * Staff roles and the admin routes each may call (issue 28, decision 041).
 * The owner may call every admin route; every other role only the routes
 * whose area lists it. The server enforces it on every admin route, the
 * dashboard hides the sections a role cannot use, and the route-enumeration
 * test fails for an admin route without a row here.
 */
export const STAFF_ROLES = ['owner', 'catalogue', 'fulfilment', 'support', 'accounts'] as const;
export const StaffRole = z.enum(STAFF_ROLES, { message: `Choose a role: ${STAFF_ROLES.join(', ')}` });
export type StaffRole = z.infer<typeof StaffRole>;

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner (everything)',
  catalogue: 'Catalogue (products, categories, adverts, stock)',
  fulfilment: 'Fulfilment (orders, dispatch, packing slips)',
  support: 'Support (orders, claims, 3D requests, outbox; no money)',
  accounts: 'Accounts (invoices, credit notes, refunds, GST reports)',
};

/** Areas of the dashboard and the roles besides the owner that may use them. */
const AREAS = {
  /** who am I, sign out, one's own two-factor sign-in and sessions */
  self: ['catalogue', 'fulfilment', 'support', 'accounts'],
  catalogue: ['catalogue'],
  /** reading orders: everyone who handles them */
  ordersRead: ['fulfilment', 'support', 'accounts'],
  /** order status, dispatch and tracking, packing slips, shipping rules and the courier's pincode list */
  fulfilment: ['fulfilment'],
  /** invoices are packing slips too */
  invoices: ['fulfilment', 'accounts'],
  /** payments, refunds, credit notes, revenue, GST returns */
  money: ['accounts'],
  /** claims, 3D printing requests, the mail outbox */
  support: ['support'],
  /** staff, audit log, coupons, anything not given to a role */
  ownerOnly: [],
} as const satisfies Record<string, readonly Exclude<StaffRole, 'owner'>[]>;
export type AdminArea = keyof typeof AREAS;

/**
 * One row per admin route, `METHOD /url` as Fastify declares it → its area.
 * A new admin route needs its row here (the route-enumeration test fails
 * until it has one); without one only the owner may call it.
 */
export const ADMIN_ROUTE_AREAS: Record<string, AdminArea> = {
  'POST /api/adminlogout': 'self',
  'GET /api/admin/me': 'self',
  'POST /api/admin/2fa/enrol': 'self',
  'POST /api/admin/2fa/confirm': 'self',
  'GET /api/admin/2fa': 'self',
  'POST /api/admin/2fa/disable': 'self',
  'GET /api/admin/me/sessions': 'self',
  'DELETE /api/admin/me/sessions': 'self',
  'DELETE /api/admin/me/sessions/:id': 'self',

  'POST /api/products': 'catalogue',
  'PATCH /api/products/:id': 'catalogue',
  'DELETE /api/products/:id': 'catalogue',
  'POST /api/categories': 'catalogue',
  'PATCH /api/categories/:id': 'catalogue',
  'DELETE /api/categories/:id': 'catalogue',
  'GET /api/admin/products/:id/variants': 'catalogue',
  'PUT /api/admin/products/:id/variants': 'catalogue',
  'GET /api/admin/products/:id/parts': 'catalogue',
  'PUT /api/admin/products/:id/parts': 'catalogue',
  'GET /api/admin/kits': 'catalogue',
  'GET /api/admin/products/export.csv': 'catalogue',
  'POST /api/admin/products/import': 'catalogue',
  'POST /api/advertimages': 'catalogue',
  'DELETE /api/advertimages/:id': 'catalogue',
  'GET /api/admin/notify': 'catalogue',
  'GET /api/admin/notify.csv': 'catalogue',
  'POST /api/studofmonth': 'catalogue',

  'GET /api/ordersAdmin': 'ordersRead',
  'GET /api/ordersAdmin.csv': 'invoices',
  'PATCH /api/UserOrders/:orderId': 'fulfilment',
  'PUT /api/admin/orders/:orderId/dispatch': 'fulfilment',
  'GET /api/admin/orders/:orderId/invoice.pdf': 'invoices',
  'GET /api/admin/orders/packing-slips.pdf': 'fulfilment',
  'GET /api/admin/shipping': 'fulfilment',
  'PUT /api/admin/shipping': 'fulfilment',
  'POST /api/admin/shipping/pincodes': 'fulfilment',
  'DELETE /api/admin/shipping/pincodes': 'fulfilment',

  'GET /api/admin/overview': 'money',
  'GET /api/admin/orders/:orderId/money': 'money',
  /** cash on delivery: the cash the courier collected makes the order paid (decision 044) */
  'POST /api/admin/orders/:orderId/cod-collection': 'money',
  'POST /api/admin/orders/:orderId/refunds': 'money',
  'POST /api/admin/refunds/:refundId/retry': 'money',
  'GET /api/admin/orders/:orderId/credit-notes/:creditNoteId.pdf': 'money',
  'GET /api/admin/gst/register.csv': 'money',
  'GET /api/admin/gst/hsn.csv': 'money',
  'GET /api/admin/gst/gstr1.json': 'money',
  'GET /api/admin/gst/gstr1/:section.csv': 'money',

  'GET /api/admin/returns': 'ordersRead',
  'GET /api/admin/returns/:id/photos/:photoId': 'ordersRead',
  'PATCH /api/admin/returns/:id': 'fulfilment',
  'POST /api/admin/returns/:id/refund': 'money',

  'GET /api/admin/outbox': 'support',
  'POST /api/admin/outbox/:id/resend': 'support',
  'GET /api/admin/claims': 'support',
  'PATCH /api/admin/claims/:id': 'support',
  'GET /api/admin/print-requests': 'support',
  'PATCH /api/admin/print-requests/:id': 'support',
  'GET /api/admin/print-requests/:id/files/:fileId': 'support',

  'GET /api/coupons': 'ownerOnly',
  'POST /api/coupons': 'ownerOnly',
  'PUT /api/coupons/:id': 'ownerOnly',
  'DELETE /api/coupons/:id': 'ownerOnly',
  'GET /api/admin/staff': 'ownerOnly',
  'POST /api/admin/staff': 'ownerOnly',
  'PATCH /api/admin/staff/:id': 'ownerOnly',
  'DELETE /api/admin/staff/:id': 'ownerOnly',
  'GET /api/admin/staff-settings': 'ownerOnly',
  'PUT /api/admin/staff-settings': 'ownerOnly',
  'GET /api/admin/sessions': 'ownerOnly',
  'DELETE /api/admin/sessions/:id': 'ownerOnly',
  'DELETE /api/admin/staff/:id/sessions': 'ownerOnly',
  'GET /api/admin/audit': 'ownerOnly',
  'GET /api/admin/audit.csv': 'ownerOnly',

  // Customers (decision 047): everyone who handles orders looks customers up; support also keeps
  // the note, blocks and exports them (the list of every shopper's e-mail and phone).
  'GET /api/admin/customers': 'ordersRead',
  'GET /api/admin/customers/:id': 'ordersRead',
  'GET /api/admin/customers.csv': 'support',
  'PUT /api/admin/customers/:id/note': 'support',
  'POST /api/admin/customers/:id/block': 'support',
  'POST /api/admin/customers/:id/unblock': 'support',
  'GET /api/admin/settings': 'ownerOnly',
  'PUT /api/admin/settings': 'ownerOnly',
  'POST /api/admin/settings/logo': 'ownerOnly',
  'DELETE /api/admin/settings/logo': 'ownerOnly',
  'GET /api/admin/policies': 'ownerOnly',
  'PUT /api/admin/policies/:slug': 'ownerOnly',
};

/** Routes every admin may call, even one who must still set up two-factor sign-in. */
export function isSelfRoute(method: string, url: string): boolean {
  return ADMIN_ROUTE_AREAS[`${method} ${url}`] === 'self';
}

/** Whether a role may call the admin route `METHOD /url` (as declared, with its `:params`). */
export function roleMayCall(role: StaffRole, method: string, url: string): boolean {
  if (role === 'owner') return true;
  const area = ADMIN_ROUTE_AREAS[`${method} ${url}`];
  return area !== undefined && (AREAS[area] as readonly string[]).includes(role);
}

export const staffMessages = {
  forbiddenForRole: (role: StaffRole) => `Your role (${role}) cannot do this. Ask the shop owner if you need it.`,
  twoFactorRequired: 'The shop owner requires two-factor sign-in: set it up under Two-factor sign-in first.',
} as const;
