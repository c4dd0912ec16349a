import type { Generated } from 'kysely';

/** Row types of every table, as Kysely sees them. */
export interface CategoryTable {
  id: Generated<number>;
  type: string;
  /** lower-cased type, unique: "Drone Kits" and "drone kits" are one category */
  type_key: string;
  created_at: Generated<string>;
}

export interface ProductTable {
  id: Generated<number>;
  title: string;
  description: string;
  price_paise: number;
  category_id: number;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ProductImageTable {
  id: Generated<number>;
  product_id: number;
  path: string;
  position: number;
  width: number;
  height: number;
}

export interface AdvertImageTable {
  id: Generated<number>;
  path: string;
  position: number;
  width: number;
  height: number;
  created_at: Generated<string>;
}

/** One row per (word, product): the best field the word appears in. */
export interface SearchPostingTable {
  term: string;
  product_id: number;
  weight: number;
}

/** Every word ever indexed. */
export interface SearchVocabTable {
  term: string;
  /** how many products hold the word */
  doc_count: Generated<number>;
}

/** One-character deletions of every vocabulary word, for typo-tolerant lookup. */
export interface SearchDeleteTable {
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
  /** outbox (kept here only) or smtp (sent, copy kept) */
  transport: string;
  created_at: Generated<string>;
}

export interface AppSettingTable {
  name: string;
  value: string;
}

/** better-auth's user table with our profile fields (column names are better-auth's). */
export interface UserTable {
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
}

export interface CartItemTable {
  user_id: string;
  product_id: number;
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
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  title: string;
  unit_price_paise: number;
  quantity: number;
  image_path: string | null;
}

export interface CouponRedemptionTable {
  order_id: number;
  coupon_id: number;
  user_id: string;
  /** reserved (order awaiting payment) or used (paid) */
  state: string;
}

export interface PaymentEventTable {
  event_id: string;
  type: string;
  received_at: Generated<string>;
}

export interface SimulatedOrderTable {
  id: string;
  amount_paise: number;
  receipt: string;
  created_at: Generated<string>;
}

export interface SimulatedPaymentTable {
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

export interface Database {
  free_claims: FreeClaimTable;
  print_requests: PrintRequestTable;
  print_request_files: PrintRequestFileTable;
  cart_items: CartItemTable;
  coupons: CouponTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  coupon_redemptions: CouponRedemptionTable;
  payment_events: PaymentEventTable;
  simulated_orders: SimulatedOrderTable;
  simulated_payments: SimulatedPaymentTable;
  outbox: OutboxTable;
  app_settings: AppSettingTable;
  user: UserTable;
  categories: CategoryTable;
  products: ProductTable;
  product_images: ProductImageTable;
  advert_images: AdvertImageTable;
  search_postings: SearchPostingTable;
  search_vocab: SearchVocabTable;
  search_deletes: SearchDeleteTable;
}
