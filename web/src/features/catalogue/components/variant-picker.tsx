import { useId } from 'react';
import type { ProductOption, ProductVariant } from '@shared/catalogue.schemas';
import { valueState } from '../lib/variant-choice';

type Props = {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  chosen: Record<string, string>;
  onChoose: (chosen: Record<string, string>) => void;
};

/**
 * The product page's options as buttons, one group per option (decision 045): the chosen value is
 * pressed, a value whose variant is sold out is struck through and says so to screen readers, and
 * a value with no variant for the other choices is disabled.
 */
export function VariantPicker({ options, variants, chosen, onChoose }: Props) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      {options.map((option, i) => (
        <div key={option.name} role="group" aria-labelledby={`${id}-${i}`}>
          <p id={`${id}-${i}`} className="mb-1 text-sm font-semibold text-slate-800">
            {option.name}: <span className="font-normal">{chosen[option.name] ?? 'choose one'}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => {
              const state = valueState(variants, chosen, option.name, value);
              const pressed = chosen[option.name] === value;
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={pressed}
                  disabled={state === 'none'}
                  onClick={() => onChoose({ ...chosen, [option.name]: value })}
                  className={`rounded-md border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-40 ${
                    pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-900 hover:border-brand-700'
                  } ${state === 'sold-out' ? 'line-through' : ''}`}
                >
                  {value}
                  {state === 'sold-out' && <span className="sr-only"> (out of stock)</span>}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
