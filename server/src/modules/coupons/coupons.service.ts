import type { Db } from '../../db/database';
import { orderMessages } from '@shared/order-messages';
import { paiseToRupees } from '@shared/money';
import { isUniqueViolation } from '../../db/dialect';
import { AppError } from '../../errors';
import * as cart from '../cart/cart.service';
import { couponKey, evaluateCoupon, type CouponOutcome } from './coupon-rules';
import * as repo from './coupons.repository';

export type Coupon = NonNullable<Awaited<ReturnType<typeof repo.findByKey>>>;

/** The coupon for a code and its outcome on the given priced cart lines. */
export async function couponForCart(
  db: Db,
  userId: string,
  code: string,
  lines: cart.PricedLine[],
): Promise<{ coupon: Coupon | null; outcome: CouponOutcome }> {
  const coupon = await repo.findByKey(db, couponKey(code));
  if (!coupon) return { coupon: null, outcome: { ok: false, message: orderMessages.couponInvalid } };
  const used = Boolean(coupon.once_per_customer) && (await repo.shopperHasRedeemed(db, coupon.id, userId));
  const outcome = evaluateCoupon(coupon, { lines, subtotalPaise: cart.subtotalPaise(lines) }, new Date(), used);
  return { coupon, outcome };
}

/** POST api/verifyCoupon: the discount a code gives on the shopper's cart as it is on the server. */
export async function verifyCoupon(db: Db, userId: string, code: string) {
  const lines = await cart.pricedCart(db, userId);
  if (lines.length === 0) return { success: false, discount: 0, message: orderMessages.cartEmptyCheckout };
  const { coupon, outcome } = await couponForCart(db, userId, code, lines);
  return outcome.ok
    ? {
        success: true,
        discount: paiseToRupees(outcome.discountPaise),
        message: orderMessages.couponApplied,
        ...(coupon ? { code: coupon.code } : {}),
        freeShipping: outcome.freeShipping,
      }
    : { success: false, discount: 0, message: outcome.message };
}

/**
 * The answer to a checkout whose coupon does not apply: the same status and
 * message whichever way the refusal is found (by the rules, or by the database
 * when a concurrent checkout took the last use), and on both databases.
 */
export function refusal(message: string): AppError {
  const conflict = message === orderMessages.couponUsedUp || message === orderMessages.couponAlreadyUsed;
  return conflict ? new AppError('coupon_not_available', 409, message) : new AppError('coupon_not_applicable', 400, message);
}

/**
 * Holds a use of the coupon for an order awaiting payment (inside the order's
 * transaction). The limits are the database's: the conditional update refuses
 * a use past the total limit, and for a once-per-customer coupon the unique
 * (coupon, shopper) key refuses a second redemption however many checkouts race.
 */
export async function reserveForOrder(db: Db, couponId: number, orderId: number, userId: string, oncePerCustomer: boolean): Promise<void> {
  if (!(await repo.reserveUse(db, couponId))) throw refusal(orderMessages.couponUsedUp);
  try {
    await repo.insertRedemption(db, { order_id: orderId, coupon_id: couponId, user_id: userId, once_key: oncePerCustomer ? userId : null });
  } catch (err) {
    if (isUniqueViolation(err)) throw refusal(orderMessages.couponAlreadyUsed);
    throw err;
  }
}

/** The order was paid: its held use becomes a use. */
export async function commitForOrder(db: Db, couponId: number, orderId: number): Promise<void> {
  await repo.commitUse(db, couponId);
  await repo.setRedemptionState(db, orderId, 'used');
}

/** The order was canceled before payment: its held use is given back. */
export async function releaseForOrder(db: Db, couponId: number, orderId: number): Promise<void> {
  await repo.releaseUse(db, couponId);
  await repo.deleteRedemption(db, orderId);
}

/**
 * A placed order was canceled (by the admin or the shopper, inside the canceling transaction), or a
 * COD parcel came back unpaid: its coupon use is given back, once, so a limited or
 * once-per-customer coupon can be used again (decisions 044, 048).
 */
export async function releaseUsedForOrder(db: Db, couponId: number, orderId: number): Promise<void> {
  if (await repo.deleteUsedRedemption(db, orderId)) await repo.giveBackUse(db, couponId);
}
