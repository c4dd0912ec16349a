import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * There is no admin screen for coupons yet: tests create them straight in the
 * server's SQLite file (the same file the running server uses).
 */
export type TestCoupon = {
  code: string;
  discountPaise?: number | null;
  discountPercent?: number | null;
  minPurchasePaise?: number | null;
  productId?: number | null;
  expiresAt?: string | null;
  usageLimit?: number | null;
  oncePerCustomer?: boolean;
};

export function createCoupon(coupon: TestCoupon): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new Database(path.join(dir, 'shop.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `INSERT INTO coupons (code, code_key, discount_paise, discount_percent, min_purchase_paise, product_id, expires_at,
         usage_limit, once_per_customer, used_count, reserved_count)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
    ).run(
      coupon.code,
      coupon.code.toUpperCase(),
      coupon.discountPaise ?? null,
      coupon.discountPercent ?? null,
      coupon.minPurchasePaise ?? null,
      coupon.productId ?? null,
      coupon.expiresAt ?? null,
      coupon.usageLimit ?? null,
      coupon.oncePerCustomer ? 1 : 0,
    );
  } finally {
    db.close();
  }
}
