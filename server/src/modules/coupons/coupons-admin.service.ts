import type { Db } from '../../db/database';
import { refuseDuplicate } from '../../db/dialect';
import type { AdminCoupon, CouponInput } from '@shared/coupons.schemas';
import { paiseToRupees, rupeesToPaise } from '@shared/money';
import { AppError, badRequest, notFound } from '../../errors';
import { couponKey } from './coupon-rules';
import * as repo from './coupons.repository';

type Row = Awaited<ReturnType<typeof repo.listCoupons>>[number];

function toAdmin(c: Row): AdminCoupon {
  return {
    id: c.id,
    code: c.code,
    discount: c.discount_paise === null ? null : paiseToRupees(c.discount_paise),
    discount_percent: c.discount_percent,
    min_purchase: c.min_purchase_paise === null ? null : paiseToRupees(c.min_purchase_paise),
    product_id: c.product_id,
    expires_at: c.expires_at,
    usage_limit: c.usage_limit,
    once_per_customer: Boolean(c.once_per_customer),
    free_shipping: Boolean(c.free_shipping),
    used_count: c.used_count,
  };
}

async function toRow(db: Db, input: CouponInput): Promise<repo.CouponWrite> {
  if (input.product_id !== null && !(await repo.productExists(db, input.product_id))) {
    throw badRequest(`There is no product with ID ${input.product_id}`, 'unknown_product', { product_id: 'No such product' });
  }
  return {
    code: input.code,
    code_key: couponKey(input.code),
    discount_paise: input.discount === null ? null : rupeesToPaise(input.discount),
    discount_percent: input.discount_percent,
    min_purchase_paise: input.min_purchase === null ? null : rupeesToPaise(input.min_purchase),
    product_id: input.product_id,
    expires_at: input.expires_at === null ? null : new Date(input.expires_at).toISOString(),
    usage_limit: input.usage_limit,
    once_per_customer: input.once_per_customer ? 1 : 0,
    free_shipping: input.free_shipping ? 1 : 0,
  };
}

const duplicate = (code: string) => new AppError('coupon_exists', 409, `The coupon code "${code}" already exists`, { code: 'Already exists' });

export async function listCoupons(db: Db): Promise<AdminCoupon[]> {
  return (await repo.listCoupons(db)).map(toAdmin);
}

export async function couponExists(db: Db, id: number): Promise<boolean> {
  return (await repo.findById(db, id)) !== undefined;
}

/** Whether a coupon answers to this code (codes match whatever their case). */
export async function codeTaken(db: Db, code: string): Promise<boolean> {
  return (await repo.findByKey(db, couponKey(code))) !== undefined;
}

export async function addCoupon(db: Db, input: CouponInput): Promise<AdminCoupon> {
  const row = await toRow(db, input);
  if (await repo.findByKey(db, row.code_key)) throw duplicate(input.code);
  const id = await refuseDuplicate(repo.insertCoupon(db, row), () => duplicate(input.code));
  return toAdmin((await repo.findById(db, id))!);
}

export async function updateCoupon(db: Db, id: number, input: CouponInput): Promise<AdminCoupon> {
  if (!(await repo.findById(db, id))) throw notFound('Coupon not found', 'coupon_not_found');
  const row = await toRow(db, input);
  const other = await repo.findByKey(db, row.code_key);
  if (other && other.id !== id) throw duplicate(input.code);
  await refuseDuplicate(repo.updateCoupon(db, id, row), () => duplicate(input.code));
  return toAdmin((await repo.findById(db, id))!);
}

/** Deletes a coupon; orders that used it keep its code and discount. */
export async function deleteCoupon(db: Db, id: number): Promise<void> {
  if (!(await repo.findById(db, id))) throw notFound('Coupon not found', 'coupon_not_found');
  await repo.deleteCoupon(db, id);
}
