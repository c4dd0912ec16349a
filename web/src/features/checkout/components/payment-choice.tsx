import type { PaymentMethod } from '@shared/cod';
import { formatRupees } from '@shared/money';

/** Pay online or cash on delivery, offered when the shop allows COD to the delivery pincode (decision 044). */
export function PaymentChoice({
  method,
  onChange,
  disabled,
  codFee,
}: {
  method: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
  disabled: boolean;
  codFee: number | null;
}) {
  const options: { value: PaymentMethod; label: string }[] = [
    { value: 'online', label: 'Pay online (cards, UPI, netbanking)' },
    { value: 'cod', label: codFee ? `Cash on delivery (+${formatRupees(codFee)} fee)` : 'Cash on delivery' },
  ];
  return (
    <fieldset className="space-y-1 text-sm text-slate-800">
      <legend className="mb-1 font-semibold text-slate-900">Payment method</legend>
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-2">
          <input type="radio" name="payment-method" value={o.value} checked={method === o.value} disabled={disabled} onChange={() => onChange(o.value)} />
          {o.label}
        </label>
      ))}
      {method === 'cod' && (
        <p className="text-slate-600">Pay in cash when the parcel arrives{codFee ? '; the cash-on-delivery fee is added to the total' : ''}.</p>
      )}
    </fieldset>
  );
}
