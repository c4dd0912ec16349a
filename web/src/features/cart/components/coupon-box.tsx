import { useId, useState, type FormEvent } from 'react';
import type { AppliedCoupon } from '../hooks/use-coupon';

type Props = {
  applied: AppliedCoupon | null;
  isApplying: boolean;
  disabled?: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/** Enter a coupon code and apply it, or remove the applied one. */
export function CouponBox({ applied, isApplying, disabled = false, onApply, onRemove }: Props) {
  const inputId = useId();
  const [code, setCode] = useState('');

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border border-green-300 bg-green-50 px-3 py-2">
        <p className="min-w-0 text-sm break-all text-green-900">
          Coupon <strong className="font-semibold">{applied.code}</strong> applied
        </p>
        <button
          type="button"
          onClick={() => {
            setCode('');
            onRemove();
          }}
          disabled={disabled}
          className="shrink-0 rounded-md px-2 py-1 text-sm font-semibold whitespace-nowrap text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          Remove coupon
        </button>
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) onApply(code);
  };

  return (
    <form onSubmit={submit} className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="block w-full min-w-0 rounded-md border border-slate-300 px-3 py-2 text-slate-900 placeholder:text-slate-500"
          placeholder="Enter a code"
        />
        <button
          type="submit"
          disabled={disabled || isApplying || code.trim() === ''}
          className="shrink-0 rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {isApplying ? 'Applying...' : 'Apply'}
        </button>
      </div>
    </form>
  );
}
