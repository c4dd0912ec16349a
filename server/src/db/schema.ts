import type { Generated } from 'kysely';

/** Row types of every table, as Kysely sees them. */
interface CategoryTable {
  id: Generated<number>;
  type: string;
  /** lower-cased type, unique: "Drone Kits" and "drone kits" are one category */
  type_key: string;
  created_at: Generated<string>;
}

interface ProductTable {
  id: Generated<number>;
  title: string;
  description: string;
  price_paise: number;
  category_id: number;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** units for sale, held by pending orders; null: not tracked */
  stock: Generated<number | null>;
  /** HSN/SAC code and GST rate (basis points, 1800 = 18 %) for tax invoices */
  hsn_code: Generated<string>;
  gst_rate_bp: Generated<number>;
  /** shipping weight in grams; null: not given (counts as 0 g) */
  weight_grams: Generated<number | null>;
  /** at or below this many units the shop is mailed (decision 047) */
  low_stock_threshold: Generated<number>;
  /** 1: the shop was mailed about the current crossing; cleared when the stock goes back above */
  low_stock_alerted: Generated<number>;
}

interface ProductImageTable {
  id: Generated<number>;
  product_id: number;
  path: string;
  position: number;
  width: number;
  height: number;
}

interface AdvertImageTable {
  id: Generated<number>;
  path: string;
  position: number;
  width: number;
  height: number;
  created_at: Generated<string>;
}

/** One row per (word, product): the best field the word appears in. */
interface SearchPostingTable {
  term: string;
  product_id: number;
  weight: number;
}

/** Every word ever indexed. */
interface SearchVocabTable {
  term: string;
  /** how many products hold the word */
  doc_count: Generated<number>;
}

/** The number of the last change to the search index (one row, id 1), and up to which number the change rows are pruned. */
interface SearchIndexStateTable {
  id: number;
  seq: number;
  pruned_to: number;
}

/** The products whose postings the change numbered `seq` rewrote or removed. */
interface SearchIndexChangeTable {
  seq: number;
  product_id: number;
}

/** One-character deletions of every vocabulary word, for typo-tolerant lookup. */
interface SearchDeleteTable {
  variant: string;
  term: string;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** verification, password-reset, email-change, ... */
  kind: string;
  /** outbox (kept here only) or smtp (to be delivered by the mail job) */
  transport: string;
  created_at: Generated<string>;
  /** kept (no SMTP), queued, sending, sent or failed (decision 035) */
  state: Generated<string>;
  /** delivery attempts since it was queued or last resent */
  attempts: Generated<number>;
  /** how many times an admin asked to send it again */
  resends: Generated<number>;
  last_error: string | null;
  /** ISO time from which a queued mail may be tried */
  next_attempt_at: string | null;
  /** ISO time a node claimed it for sending */
  claimed_at: string | null;
  sent_at: string | null;
  /** JSON list of attachment references (kind and id; the bytes are made when sent) */
  attachments: string | null;
}

interface AppSettingTable {
  name: string;
  value: string;
}

/** better-auth's sessions (better-auth creates and writes them; the shop reads them on signed-in requests). */
interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
  impersonatedBy: string | null;
}

/** better-auth's user table with our profile fields (column names are better-auth's). */
interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  username: string | null;
  displayUsername: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  role: string | null;
  banned: boolean | number | null;
  banReason: string | null;
  /** an admin's staff role (shared/src/staff-roles.ts) */
  staffRole: string | null;
  /** better-auth's two-factor plugin: TOTP confirmed */
  twoFactorEnabled: boolean | number | null;
}

/** The shop's private note on a customer (decision 047). */
interface CustomerNoteTable {
  user_id: string;
  note: string;
  /** 'admin:<username>' */
  updated_by: string;
  updated_at: string;
}

interface CartItemTable {
  user_id: string;
  product_id: number;
  /** the variant chosen; 0: the product has no variants */
  variant_id: Generated<number>;
  quantity: number;
  /** the unit price when added, to tell the shopper when it changed */
  added_price_paise: number;
  added_at: Generated<string>;
}

export interface CouponTable {
  id: Generated<number>;
  code: string;
  /** upper-cased code, unique */
  code_key: string;
  discount_paise: number | null;
  discount_percent: number | null;
  min_purchase_paise: number | null;
  product_id: number | null;
  expires_at: string | null;
  usage_limit: number | null;
  once_per_customer: Generated<number>;
  /** paid orders that used it */
  used_count: Generated<number>;
  /** orders awaiting payment that hold one of its uses */
  reserved_count: Generated<number>;
  created_at: Generated<string>;
  /** 1: the order ships free (shipping is never discounted otherwise) */
  free_shipping: Generated<number>;
}

export interface OrderTable {
  id: Generated<number>;
  order_code: string;
  user_id: string;
  status: string;
  subtotal_paise: number;
  discount_paise: number;
  total_paise: number;
  coupon_id: number | null;
  coupon_code: string | null;
  email: string;
  name: string;
  address: string;
  phone: string;
  provider: string;
  provider_order_id: string | null;
  provider_payment_id: string | null;
  paid_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** something the admin must look at: 'late_payment' */
  flag: Generated<string | null>;
  /** set when the order is dispatched */
  courier: Generated<string | null>;
  /** the place of supply on the invoice: the delivery state, or its pincode's (decision 111) */
  delivery_state: Generated<string | null>;
  tracking_number: Generated<string | null>;
  tracking_url: Generated<string | null>;
  /** the shipping charged, part of total_paise (never discounted by a coupon) */
  shipping_paise: Generated<number>;
  /** when it was marked delivered: the return window starts here (migration 155) */
  delivered_at: Generated<string | null>;
  /** 'online' (the payment gateway) or 'cod' (cash on delivery, decision 044) */
  payment_method: Generated<string>;
  /** the COD fee charged, part of total_paise */
  cod_fee_paise: Generated<number>;
  /** COD: the cash recorded as collected, when and with which reference (null until then) */
  cod_collected_paise: Generated<number | null>;
  cod_collected_at: Generated<string | null>;
  cod_reference: Generated<string | null>;
  /** a COD parcel refused by the buyer came back (the order is canceled) */
  returned_at: Generated<string | null>;
}

/** A shopper who ordered cash on delivery: the row every COD checkout of theirs locks (decision 044). */
interface CodShopperTable {
  user_id: string;
  locked_at: string;
}

/** A captured payment of an order: the one that placed it, or one that came late. */
interface OrderPaymentTable {
  id: Generated<number>;
  order_id: number;
  provider_payment_id: string;
  amount_paise: number;
  /** refunded or being refunded (pending and processed refunds); never above amount_paise */
  refunded_paise: Generated<number>;
  /** 1 when the payment arrived after the order stopped awaiting payment */
  late: Generated<number>;
  created_at: Generated<string>;
}

/** One line of the admin audit log (modules/audit): appended, never changed. */
interface AuditLogTable {
  id: Generated<number>;
  /** ISO-8601 */
  at: string;
  /** 'write', 'export', 'sign-in', 'sign-in-failed' */
  action: string;
  /** the admin's username, or the username tried at a failed sign-in */
  actor: string;
  actor_role: string | null;
  ip: string | null;
  method: string | null;
  route: string | null;
  status: number | null;
  entity_type: string | null;
  entity_id: string | null;
  /** JSON { field: [before, after] } */
  changes: string | null;
}

/** Failed sign-ins of one account in the current window (see modules/auth/sign-in-guard). */
interface SignInFailureTable {
  /** the user's id, or 'unknown:<identifier>' for an address or username with no account */
  account_key: string;
  failures: number;
  window_start: string;
}

/** An address an account signed in from successfully, and when it last did (decision 036). */
interface SignInAddressTable {
  user_id: string;
  address: string;
  last_success_at: string;
}

/** A webhook of the simulated provider waiting to be delivered (durable: any node delivers it). */
interface SimulatedWebhookTable {
  id: Generated<number>;
  event_id: string;
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  delivered_at: string | null;
  created_at: Generated<string>;
}

/** A periodic job's lease: the node named in holder runs it until `until`. */
interface JobLeaseTable {
  name: string;
  holder: string;
  until: string;
  last_run_at: string | null;
}

/** An address left on the coming-soon page (Notify Me). */
interface NotifySignupTable {
  id: Generated<number>;
  email: string;
  /** lower-cased, unique: one entry per address */
  email_key: string;
  created_at: Generated<string>;
}

export type RefundStatus = 'pending' | 'processed' | 'failed';

interface RefundTable {
  id: Generated<number>;
  order_id: number;
  payment_id: number;
  amount_paise: number;
  status: RefundStatus;
  /** 'cancel' | 'partial' | 'late_payment' */
  kind: string;
  reason: Generated<string>;
  /** JSON: [{ lineId, quantity }] when whole lines were refunded */
  lines: string | null;
  idempotency_key: string;
  provider_refund_id: string | null;
  failure_reason: string | null;
  attempts: Generated<number>;
  /** 'admin:<username>', 'system' */
  created_by: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  processed_at: string | null;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  title: string;
  unit_price_paise: number;
  quantity: number;
  image_path: string | null;
  /** units given back to stock (cancellation, refunds); never above quantity */
  restocked_quantity: Generated<number>;
  /** the product's HSN/SAC code and GST rate when ordered */
  hsn_code: string | null;
  gst_rate_bp: number | null;
  /** units in return requests that were not rejected; never above quantity (migration 155) */
  return_held_quantity: Generated<number>;
  /** the variant sold (no foreign key: the line outlives it) */
  variant_id: Generated<number | null>;
}

/** The units a kit line took from its parts, per kit, copied when ordered (decision 045). */
interface OrderLinePartTable {
  id: Generated<number>;
  order_line_id: number;
  product_id: number;
  variant_id: number | null;
  quantity: number;
}

/** A product's options in order, e.g. Battery: ["included", "not included"] (decision 045). */
interface ProductOptionTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  name: string;
  /** JSON array of the option's values, in order */
  values_json: string;
}

/** One combination of a product's option values, sold on its own (decision 045). */
interface ProductVariantTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  /** JSON object option name → value */
  options_json: string;
  sku: string | null;
  price_paise: number;
  /** null: not tracked */
  stock: number | null;
  weight_grams: number | null;
  /** null: the product's */
  hsn_code: string | null;
  gst_rate_bp: number | null;
  image_path: string | null;
}

/** A part of a kit: a product, or one of its variants, and how many go in one kit. */
interface KitPartTable {
  id: Generated<number>;
  kit_id: number;
  part_product_id: number;
  part_variant_id: number | null;
  quantity: number;
}

interface CouponRedemptionTable {
  order_id: number;
  coupon_id: number;
  user_id: string;
  /** reserved (order awaiting payment) or used (paid) */
  state: string;
  /** the shopper's id for once-per-customer coupons (unique per coupon), else null */
  once_key: string | null;
}

interface PaymentEventTable {
  event_id: string;
  type: string;
  received_at: Generated<string>;
}

interface SimulatedRefundTable {
  id: string;
  payment_id: string;
  amount_paise: number;
  status: string;
  /** our refund's idempotency key: the simulation refunds once per key, as Razorpay does per request */
  refund_key: string;
  created_at: Generated<string>;
}

interface SimulatedOrderTable {
  id: string;
  amount_paise: number;
  receipt: string;
  created_at: Generated<string>;
  /** the one payment the simulated checkout captured for this order */
  captured_payment_id: Generated<string | null>;
}

interface SimulatedPaymentTable {
  id: string;
  order_id: string;
  status: string;
  amount_paise: number;
  created_at: Generated<string>;
}

export interface FreeClaimTable {
  id: Generated<number>;
  product_id: number;
  product_title: string;
  name: string;
  email: string;
  /** lower-cased email: one claim per address and product */
  email_key: string;
  mobile: string;
  school: string;
  classna: string;
  division: string;
  roll_no: string;
  /** new or handled */
  status: Generated<string>;
  created_at: Generated<string>;
}

export interface PrintRequestTable {
  id: Generated<number>;
  con_name: string;
  ph_no: string;
  email: string | null;
  reason: string;
  message: string;
  is_2d_to_3d: number;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  price_paise: number;
  status: Generated<string>;
  created_at: Generated<string>;
  /** a demo booking's invoice (order or payment id) */
  invoice: Generated<string | null>;
}

/** The original's "student of the month": the newest entry is the one shown. */
export interface StudentOfMonthTable {
  id: Generated<number>;
  name: string;
  school: string;
  details: string;
  /** the YouTube video id of the project */
  video_id: string;
  image_path: string;
  image_width: number;
  image_height: number;
  created_at: Generated<string>;
}

export interface PrintRequestFileTable {
  id: Generated<number>;
  request_id: number;
  filename: string;
  storage_key: string;
  size_bytes: number;
  is_stl: number;
  size_x_mm: number | null;
  size_y_mm: number | null;
  size_z_mm: number | null;
  volume_mm3: number | null;
}

/**
 * Every table and the one module that owns it (decision 055). Only the owner's repository writes
 * the table; another module that needs a change calls the owner's service. Reading another module's
 * table in a join or a check is allowed; writing it is not, except for the delegated columns named
 * in the last group, which their writer owns.
 *
 * | table(s)                                                        | owner (server/src/modules/…)          |
 * |-----------------------------------------------------------------|---------------------------------------|
 * | user (shopper profile), better-auth's own tables                | accounts (better-auth in auth/auth.ts) |
 * | user.staffRole, session (admin side)                            | admin                                 |
 * | sign_in_failures, sign_in_addresses                             | auth                                  |
 * | categories, products, product_images                            | catalogue (catalogue.repository)      |
 * | product_options, product_variants, kit_parts                    | catalogue (variants.repository)       |
 * | advert_images                                                   | adverts                               |
 * | cart_items                                                      | cart                                  |
 * | coupons, coupon_redemptions                                     | coupons                               |
 * | orders, order_lines, order_line_parts, payment_events, cod_shoppers | orders                           |
 * | order_payments, refunds                                         | refunds                               |
 * | invoices, invoice_counters, credit_notes                        | invoices                              |
 * | return_requests, return_lines, return_photos                    | returns                               |
 * | shipping_settings, shipping_pincodes                            | shipping                              |
 * | free_claims                                                     | claims                                |
 * | print_requests, print_request_files                             | printing                              |
 * | students_of_month                                               | students                              |
 * | customer_notes                                                  | customers                             |
 * | notify_signups                                                  | notify                                |
 * | policies                                                        | policies                              |
 * | app_settings                                                    | settings                              |
 * | audit_log                                                       | audit                                 |
 * | outbox                                                          | mail (outbox.repository)              |
 * | job_leases, simulated_webhooks                                  | jobs                                  |
 * | simulated_orders, simulated_payments, simulated_refunds         | payments (simulated-provider.repository) |
 * | search_postings, search_vocab, search_deletes, search_index_state, search_index_changes | search     |
 * | legacy_imports                                                  | legacy                                |
 * | public_cache_version                                            | plugins/public-cache.ts               |
 *
 * Delegated columns (written only by the module named, in its repository):
 * - products.stock, products.low_stock_alerted, product_variants.stock, order_lines.restocked_quantity:
 *   stock (stock.repository), the one place stock moves.
 * - order_lines.return_held_quantity: returns (returns.repository, holding and releasing units).
 * - orders.flag: refunds (refunds.repository setOrderFlag), a refund that needs the admin's eye.
 * - order_payments (the payment that placed an order) and cart_items (the placed order's shopper's
 *   cart emptied): orders (orders.repository, the placing statement on PostgreSQL, decision 097),
 *   the same rows as refunds.recordPlacingPayment and cart.clearCart write on SQLite.
 * The legacy importer owns no table but legacy_imports: it writes categories, products, images,
 * adverts, coupons and orders through catalogue-admin.service, adverts.service, coupons-admin.service
 * and orders/imported-orders.service.
 */
export interface Database {
  free_claims: FreeClaimTable;
  print_requests: PrintRequestTable;
  students_of_month: StudentOfMonthTable;
  print_request_files: PrintRequestFileTable;
  cart_items: CartItemTable;
  customer_notes: CustomerNoteTable;
  coupons: CouponTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_line_parts: OrderLinePartTable;
  product_options: ProductOptionTable;
  product_variants: ProductVariantTable;
  kit_parts: KitPartTable;
  coupon_redemptions: CouponRedemptionTable;
  order_payments: OrderPaymentTable;
  refunds: RefundTable;
  sign_in_failures: SignInFailureTable;
  sign_in_addresses: SignInAddressTable;
  audit_log: AuditLogTable;
  simulated_webhooks: SimulatedWebhookTable;
  job_leases: JobLeaseTable;
  notify_signups: NotifySignupTable;
  legacy_imports: LegacyImportTable;
  invoice_counters: { series: string; last: number };
  /** supplier: JSON of the seller's details at issue (null before migration 160); tax_invoice: 1 GST charged, 0 a plain invoice (no GSTIN) */
  invoices: {
    id: Generated<number>;
    order_id: number;
    number: string;
    issued_at: Generated<string>;
    supplier: string | null;
    supplier_gstin: string | null;
    supplier_state: string | null;
    tax_invoice: Generated<number>;
  };
  /** refund_id null: a credit note cancelling an invoice without a refund (a COD parcel returned to origin), with its own amount and reason */
  credit_notes: {
    id: Generated<number>;
    refund_id: number | null;
    order_id: number;
    number: string;
    issued_at: Generated<string>;
    amount_paise: number | null;
    reason: string | null;
    supplier: string | null;
  };
  cod_shoppers: CodShopperTable;
  /** the owner's texts of the policy pages (Markdown); a page without a row shows its default */
  policies: { slug: string; markdown: string; updated_at: string };
  payment_events: PaymentEventTable;
  simulated_orders: SimulatedOrderTable;
  simulated_payments: SimulatedPaymentTable;
  simulated_refunds: SimulatedRefundTable;
  outbox: OutboxTable;
  app_settings: AppSettingTable;
  user: UserTable;
  session: SessionTable;
  categories: CategoryTable;
  products: ProductTable;
  product_images: ProductImageTable;
  advert_images: AdvertImageTable;
  search_postings: SearchPostingTable;
  search_vocab: SearchVocabTable;
  search_deletes: SearchDeleteTable;
  search_index_state: SearchIndexStateTable;
  search_index_changes: SearchIndexChangeTable;
  public_cache_version: PublicCacheVersionTable;
  shipping_settings: { id: number; rules: string; updated_at: string };
  shipping_pincodes: ShippingPincodeTable;
  return_requests: ReturnRequestTable;
  return_lines: ReturnLineTable;
  return_photos: ReturnPhotoTable;
}

/** A shopper's request to return units of a delivered order (modules/returns, decision 048). */
interface ReturnRequestTable {
  id: Generated<number>;
  order_id: number;
  user_id: string;
  /** 'requested' | 'approved' | 'rejected' | 'received' | 'refunded' (shared/src/returns.ts) */
  status: string;
  reason: string;
  /** the shop's message to the shopper with its last decision */
  admin_message: string | null;
  /** 1 when its units were put back on sale at receipt */
  restocked: Generated<number>;
  /** the refund that paid it back (one at most) */
  refund_id: number | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

interface ReturnLineTable {
  id: Generated<number>;
  return_id: number;
  order_line_id: number;
  quantity: number;
}

interface ReturnPhotoTable {
  id: Generated<number>;
  return_id: number;
  storage_key: string;
  content_type: string;
  size_bytes: number;
}

/** One pincode of the courier's serviceability list (modules/shipping). */
interface ShippingPincodeTable {
  pincode: string;
  zone: string;
  /** 1: cash on delivery allowed there */
  cod: Generated<number>;
  /** delivery days, "3" or "3-5" */
  days: string | null;
}

/** A row brought across by `npm run import:legacy` (kind: category, product, product_image, advert, coupon, order). */
interface LegacyImportTable {
  kind: string;
  legacy_id: string;
  local_id: number;
  checksum: string;
  imported_at: Generated<string>;
}

/** One row (id 1): the version of the public answers every node caches (server/src/plugins/public-cache.ts). */
interface PublicCacheVersionTable {
  id: number;
  version: number;
}
