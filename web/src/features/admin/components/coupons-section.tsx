import { useEffect, useState } from 'react';
import { adminMessages, withReason } from '@shared/admin-messages';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { notify } from '@/lib/notify';
import { useCoupons, useDeleteCoupon, useUpdateCoupon } from '../api/coupons';
import { useAdminForm } from '../hooks/use-admin-form';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete';
import { reasonOf } from '../lib/admin-fetch';
import { couponCells, toCouponFormValues, toCouponInput, type Coupon, type CouponFormValues } from '../lib/coupon-format';
import { CouponForm } from '../lib/form-schemas';
import { AddCouponModal } from './add-coupon-modal';
import { AdminSection, QueryBody } from './admin-section';

const EDIT_FORM_ID = 'coupon-inline-edit';
const INLINE_FIELDS = ['code', 'discount', 'discount_percent', 'min_purchase', 'product_id'] as const;
const cell = 'ad:px-3 ad:py-2 ad:align-middle';
const smallButton = 'ad:rounded-md ad:px-3 ad:py-1 ad:text-sm ad:font-semibold ad:disabled:opacity-60';
const inlineInput =
  'ad:w-full ad:min-w-20 ad:rounded ad:border ad:border-slate-300 ad:bg-white ad:px-2 ad:py-1 ad:text-sm ad:outline-none ad:focus:ring-2 ad:focus:ring-brand-600 ad:aria-invalid:border-red-600';

const LABELS: Record<(typeof INLINE_FIELDS)[number], string> = {
  code: 'Coupon',
  discount: 'Fixed Discount',
  discount_percent: 'Discount %',
  min_purchase: 'Minimum Purchase',
  product_id: 'Product ID',
};

/** One row in inline edit: the visible fields; expiry, usage limit and once-per-customer are kept as they are. */
function EditingRow({ coupon, onDone }: { coupon: Coupon; onDone: () => void }) {
  const update = useUpdateCoupon();
  const {
    register,
    errors,
    isSubmitting,
    onSubmit: save,
  } = useAdminForm<CouponFormValues>({
    schema: CouponForm,
    defaultValues: toCouponFormValues(coupon),
    fields: INLINE_FIELDS,
    failed: adminMessages.failedToSaveCoupon,
    save: async (values) => {
      const input = {
        ...toCouponInput(values),
        expires_at: coupon.expires_at,
        usage_limit: coupon.usage_limit,
        once_per_customer: coupon.once_per_customer,
        free_shipping: coupon.free_shipping,
      };
      await update.mutateAsync({ id: coupon.id, input });
      notify('success', adminMessages.couponUpdated);
      onDone();
    },
  });

  const problems = INLINE_FIELDS.flatMap((name) => errors[name]?.message ?? []);
  return (
    <tr className="ad:bg-brand-50">
      <td className={cell}>
        {coupon.id}
        <form id={EDIT_FORM_ID} onSubmit={save} noValidate className="ad:hidden" />
      </td>
      {INLINE_FIELDS.map((name, i) => (
        <td key={name} className={cell}>
          <input
            form={EDIT_FORM_ID}
            aria-label={LABELS[name]}
            aria-invalid={errors[name] ? true : undefined}
            title={errors[name]?.message}
            inputMode={name === 'code' ? undefined : 'decimal'}
            className={inlineInput}
            // Focus moves into the row the admin has just asked to edit, not on a page's load.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={i === 0}
            {...register(name)}
          />
        </td>
      ))}
      <td className={cell}>
        <div className="ad:flex ad:gap-2">
          <button type="submit" form={EDIT_FORM_ID} className={`${smallButton} ad:bg-brand-700 ad:text-white ad:hover:bg-brand-800`} disabled={isSubmitting}>
            Save
          </button>
          <button type="button" className={`${smallButton} ad:border ad:border-slate-300 ad:bg-white ad:text-slate-800 ad:hover:bg-slate-50`} onClick={onDone}>
            Cancel
          </button>
        </div>
        {problems.length > 0 && (
          <p role="alert" className="ad:mt-1 ad:max-w-56 ad:text-xs ad:text-red-700">
            {problems.join(' ')}
          </p>
        )}
      </td>
    </tr>
  );
}

function CouponRow({ coupon, onEdit, onDelete, editDisabled }: { coupon: Coupon; onEdit: () => void; onDelete: () => void; editDisabled: boolean }) {
  const cells = couponCells(coupon);
  return (
    <tr className="ad:border-t ad:border-slate-200">
      <td className={cell}>{coupon.id}</td>
      <td className={`${cell} ad:font-semibold`}>
        {coupon.code}
        {coupon.free_shipping && <span className="ad:block ad:text-xs ad:font-medium ad:text-emerald-800">Free shipping</span>}
      </td>
      <td className={cell}>{cells.fixedDiscount}</td>
      <td className={cell}>{cells.percent}</td>
      <td className={cell}>{cells.minPurchase}</td>
      <td className={cell}>{cells.product}</td>
      <td className={cell}>
        <div className="ad:flex ad:gap-2">
          <button
            type="button"
            className={`${smallButton} ad:border ad:border-brand-700 ad:bg-white ad:text-brand-700 ad:hover:bg-brand-50`}
            onClick={onEdit}
            disabled={editDisabled}
            aria-label={`Edit ${coupon.code}`}
          >
            Edit
          </button>
          <button
            type="button"
            className={`${smallButton} ad:border ad:border-red-700 ad:bg-white ad:text-red-700 ad:hover:bg-red-50`}
            onClick={onDelete}
            aria-label={`Delete ${coupon.code}`}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}

/** Manage Coupons exactly as SPEC.md §2: the list in a table half the viewport tall, inline edit, 'Add New Coupon'. */
export function CouponsSection() {
  const coupons = useCoupons();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const remove = useConfirmedDelete({
    useDelete: useDeleteCoupon,
    idOf: (coupon: Coupon) => coupon.id,
    describe: (coupon) => ({ title: 'Delete coupon', message: `Delete the coupon ${coupon.code}?` }),
    toasts: () => ({ done: adminMessages.couponDeleted, failed: adminMessages.errorDeletingCoupon }),
    onDeleted: (coupon) => setEditingId((id) => (id === coupon.id ? null : id)),
  });

  useEffect(() => {
    if (coupons.error) notify('error', withReason(adminMessages.failedToFetchCoupons, reasonOf(coupons.error)));
  }, [coupons.error]);

  return (
    <AdminSection title="Manage Coupons">
      <div className="ad:flex ad:flex-wrap ad:items-center ad:justify-between ad:gap-3">
        <h3 className="ad:text-lg ad:font-semibold ad:text-slate-900">Coupon List</h3>
        <div className="ad:flex ad:gap-2">
          <button type="button" className={secondaryButton} onClick={() => void coupons.refetch()} disabled={coupons.isFetching}>
            Refresh
          </button>
          <button type="button" className={primaryButton} onClick={() => setAdding(true)}>
            Add Coupon
          </button>
        </div>
      </div>
      <QueryBody query={coupons} loadingLabel="Loading coupons" errorText={adminMessages.failedToFetchCoupons}>
        {(data) => (
          <div
            className="ad:h-[50vh] ad:overflow-auto ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:shadow-sm"
            tabIndex={0}
            role="region"
            aria-label="Coupon List"
          >
            <table className="ad:w-full ad:min-w-[44rem] ad:text-left ad:text-sm ad:text-slate-800">
              <thead className="ad:sticky ad:top-0 ad:z-10 ad:bg-slate-100 ad:text-slate-900">
                <tr>
                  {['ID', 'Coupon', 'Fixed Discount', 'Discount %', 'Minimum Purchase', 'Product ID', 'Actions'].map((h) => (
                    <th key={h} scope="col" className="ad:px-3 ad:py-2 ad:font-semibold ad:whitespace-nowrap">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.map((coupon) =>
                  coupon.id === editingId ? (
                    <EditingRow key={coupon.id} coupon={coupon} onDone={() => setEditingId(null)} />
                  ) : (
                    <CouponRow
                      key={coupon.id}
                      coupon={coupon}
                      editDisabled={editingId !== null}
                      onEdit={() => setEditingId(coupon.id)}
                      onDelete={() => remove.request(coupon)}
                    />
                  ),
                )}
                {data.length === 0 && (
                  <tr>
                    <td colSpan={7} className="ad:px-3 ad:py-6 ad:text-center ad:text-slate-700">
                      No coupons yet.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        )}
      </QueryBody>
      {adding && <AddCouponModal onClose={() => setAdding(false)} />}
      {remove.dialog}
    </AdminSection>
  );
}
