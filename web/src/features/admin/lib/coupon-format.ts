import type { AdminCoupon } from '@shared/coupons.schemas';
import { formatRupees } from '@shared/money';

/** A coupon as GET /api/coupons lists it. */
export type Coupon = AdminCoupon;

/** The body of POST/PUT /api/coupons: empty fields are null. */
export type CouponInput = Omit<Coupon, 'id' | 'used_count'>;

/** The coupon table's cells (SPEC.md §2): 'N/A', 'No Minimum', 'All Products' for empty values; % after percentages. */
export function couponCells(coupon: Coupon): {
  fixedDiscount: string;
  percent: string;
  minPurchase: string;
  product: string;
} {
  return {
    fixedDiscount: coupon.discount === null ? 'N/A' : formatRupees(coupon.discount),
    percent: coupon.discount_percent === null ? 'N/A' : `${coupon.discount_percent}%`,
    minPurchase: coupon.min_purchase === null ? 'No Minimum' : formatRupees(coupon.min_purchase),
    product: coupon.product_id === null ? 'All Products' : String(coupon.product_id),
  };
}

/** The coupon form's fields, as typed. */
export type CouponFormValues = {
  code: string;
  discount: string;
  discount_percent: string;
  min_purchase: string;
  product_id: string;
  /** a datetime-local value, or '' */
  expires_at: string;
  usage_limit: string;
  once_per_customer: boolean;
  free_shipping: boolean;
};

function numberOrNull(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** A datetime-local value (the admin's local time) as ISO, or null when empty. */
function localToIso(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO instant as a datetime-local value in the browser's time zone, or '' for null. */
function isoToLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Form values to the API body: trimmed code, numbers, and null for every empty field. */
export function toCouponInput(values: CouponFormValues): CouponInput {
  return {
    code: values.code.trim(),
    discount: numberOrNull(values.discount),
    discount_percent: numberOrNull(values.discount_percent),
    min_purchase: numberOrNull(values.min_purchase),
    product_id: numberOrNull(values.product_id),
    expires_at: localToIso(values.expires_at),
    usage_limit: numberOrNull(values.usage_limit),
    once_per_customer: values.once_per_customer,
    free_shipping: values.free_shipping,
  };
}

/** A coupon as form values, for inline editing. */
export function toCouponFormValues(coupon: Coupon): CouponFormValues {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    code: coupon.code,
    discount: text(coupon.discount),
    discount_percent: text(coupon.discount_percent),
    min_purchase: text(coupon.min_purchase),
    product_id: text(coupon.product_id),
    expires_at: isoToLocal(coupon.expires_at),
    usage_limit: text(coupon.usage_limit),
    once_per_customer: coupon.once_per_customer,
    free_shipping: coupon.free_shipping,
  };
}

export const emptyCouponForm: CouponFormValues = {
  code: '',
  discount: '',
  discount_percent: '',
  min_purchase: '',
  product_id: '',
  expires_at: '',
  usage_limit: '',
  once_per_customer: false,
  free_shipping: false,
};
