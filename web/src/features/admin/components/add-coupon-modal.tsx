import { useId } from 'react';
import { adminMessages } from '@shared/admin-messages';
import { FormField, SubmitButton } from '@/components/ui/form-field';
import { notify } from '@/lib/notify';
import { useCreateCoupon } from '../api/coupons';
import { useAdminForm } from '../hooks/use-admin-form';
import { emptyCouponForm, toCouponInput, type CouponFormValues } from '../lib/coupon-format';
import { CouponForm } from '../lib/form-schemas';
import { Modal, ModalActions } from './modal';

const FIELDS = [
  'code',
  'discount',
  'discount_percent',
  'min_purchase',
  'product_id',
  'expires_at',
  'usage_limit',
  'once_per_customer',
  'free_shipping',
] as const;

/** 'Add New Coupon' (SPEC.md §2) with the expiry and usage limits of checkout; empty fields are sent as null. */
export function AddCouponModal({ onClose }: { onClose: () => void }) {
  const create = useCreateCoupon();
  const onceId = useId();
  const freeShippingId = useId();
  const { register, errors, isSubmitting, onSubmit } = useAdminForm<CouponFormValues>({
    schema: CouponForm,
    defaultValues: emptyCouponForm,
    fields: FIELDS,
    failed: adminMessages.failedToAddCoupon,
    save: async (values) => {
      await create.mutateAsync(toCouponInput(values));
      notify('success', adminMessages.couponAdded);
      onClose();
    },
  });

  return (
    <Modal title="Add New Coupon" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="ad:grid ad:grid-cols-1 ad:gap-4 ad:sm:grid-cols-2">
        <FormField label="Coupon Code" className="ad:sm:col-span-2" autoComplete="off" data-autofocus error={errors.code?.message} {...register('code')} />
        <FormField label="Fixed Discount" inputMode="decimal" error={errors.discount?.message} {...register('discount')} />
        <FormField label="Discount Percentage" inputMode="decimal" error={errors.discount_percent?.message} {...register('discount_percent')} />
        <FormField label="Minimum Purchase" inputMode="decimal" error={errors.min_purchase?.message} {...register('min_purchase')} />
        <FormField label="Product ID (Optional)" inputMode="numeric" error={errors.product_id?.message} {...register('product_id')} />
        <FormField label="Expiry date" type="datetime-local" error={errors.expires_at?.message} {...register('expires_at')} />
        <FormField label="Usage limit" inputMode="numeric" error={errors.usage_limit?.message} {...register('usage_limit')} />
        <div className="ad:flex ad:items-center ad:gap-2 ad:sm:col-span-2">
          <input id={onceId} type="checkbox" className="ad:size-4 ad:accent-brand-700" {...register('once_per_customer')} />
          <label htmlFor={onceId} className="ad:text-sm ad:font-medium ad:text-slate-800">
            Once per customer
          </label>
          {errors.once_per_customer?.message && (
            <p role="alert" className="ad:text-sm ad:text-red-700">
              {errors.once_per_customer.message}
            </p>
          )}
        </div>
        <div className="ad:flex ad:items-center ad:gap-2 ad:sm:col-span-2">
          <input id={freeShippingId} type="checkbox" className="ad:size-4 ad:accent-brand-700" {...register('free_shipping')} />
          <label htmlFor={freeShippingId} className="ad:text-sm ad:font-medium ad:text-slate-800">
            Free shipping (the order ships free; other coupons never touch shipping)
          </label>
        </div>
        <ModalActions onCancel={onClose} className="ad:sm:col-span-2">
          <SubmitButton busy={isSubmitting} label="Add Coupon" busyLabel="Adding..." />
        </ModalActions>
      </form>
    </Modal>
  );
}
