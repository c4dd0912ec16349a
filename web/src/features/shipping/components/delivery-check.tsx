import { useId, useState, type FormEvent } from 'react';
import { deliveryText, PINCODE_PATTERN, shippingMessages } from '@shared/delivery';
import { secondaryButton } from '@/components/ui/button-styles';
import { useDeliveryCheck } from '../api/check-pincode';

/** "Check delivery" on the product page: a pincode, then whether and when the shop delivers there. */
export function DeliveryCheckForm() {
  const inputId = useId();
  const resultId = useId();
  const [typed, setTyped] = useState('');
  const [pincode, setPincode] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const check = useDeliveryCheck(pincode);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    const ok = PINCODE_PATTERN.test(value);
    setInvalid(!ok);
    if (ok) setPincode(value);
  };

  let result: { text: string; good: boolean } | null = null;
  if (invalid) result = { text: shippingMessages.pincodeInvalid, good: false };
  else if (pincode && check.isPending) result = { text: 'Checking...', good: true };
  else if (check.isError) result = { text: 'Could not check this pincode. Please try again.', good: false };
  else if (check.data) result = { text: deliveryText(check.data), good: check.data.serviceable };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${inputId}-heading`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${inputId}-heading`} className="text-base font-semibold text-slate-900">
        Check delivery
      </h2>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            Pincode
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder="411001"
            aria-invalid={invalid || undefined}
            aria-describedby={resultId}
            className="mt-1 w-full max-w-48 rounded-md border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-700 focus:ring-2 focus:ring-brand-700/30 focus:outline-none"
          />
        </div>
        <button type="submit" className={secondaryButton}>
          Check
        </button>
      </div>
      <p id={resultId} role="status" className={`mt-2 text-sm ${result?.good === false ? 'text-red-700' : 'text-emerald-800'}`}>
        {result?.text}
      </p>
    </form>
  );
}
