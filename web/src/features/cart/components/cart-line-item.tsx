import { Link } from 'react-router';
import { formatRupees } from '@shared/money';
import { MAX_QUANTITY } from '@shared/cart-limits';
import type { CartLine } from '@shared/orders.schemas';
import { ProductImage } from '@/features/catalogue/components/product-image';

type Props = {
  line: CartLine;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
};

const stepButton =
  'inline-flex size-9 items-center justify-center rounded-md border border-slate-300 bg-white text-lg font-bold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50';

/** A cart line: image, title, unit price (and its change), quantity − / +, line total and a remove control. */
export function CartLineItem({ line, onQuantity, onRemove }: Props) {
  const { id, title, price, quantity, available, previousPrice } = line;
  return (
    <li className="flex gap-3 py-4 sm:gap-4">
      <Link to={`/product/${id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ProductImage path={line.image ?? undefined} alt="" sizes="96px" width={96} height={96} className="size-20 rounded-md object-cover sm:size-24" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            {available ? (
              <Link to={`/product/${id}`} className="font-semibold text-slate-900 hover:text-brand-700">
                {title}
              </Link>
            ) : (
              <p className="font-semibold text-slate-500 line-through">{title}</p>
            )}
            {available ? (
              <p className="text-sm text-slate-700">
                {formatRupees(price)} each
                {previousPrice !== null && (
                  <span className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                    Price changed: was {formatRupees(previousPrice)}, now {formatRupees(price)}
                  </span>
                )}
              </p>
            ) : (
              <p className="mt-1 inline-block rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">No longer available</p>
            )}
          </div>
          {available && <p className="font-semibold text-slate-900">{formatRupees(Math.round(price * 100 * quantity) / 100)}</p>}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {available ? (
            <div role="group" aria-label={`Quantity of ${title}`} className="flex items-center gap-2">
              {/* The minus only shows above 1: a quantity never goes below 1 (SPEC.md §5). */}
              {quantity > 1 ? (
                <button type="button" aria-label={`Decrease quantity of ${title}`} onClick={() => onQuantity(quantity - 1)} className={stepButton}>
                  −
                </button>
              ) : (
                <span aria-hidden="true" className="size-9" />
              )}
              <output aria-label={`Quantity of ${title}`} aria-live="polite" className="min-w-8 text-center font-semibold text-slate-900">
                {quantity}
              </output>
              <button
                type="button"
                aria-label={`Increase quantity of ${title}`}
                onClick={() => onQuantity(quantity + 1)}
                disabled={quantity >= MAX_QUANTITY}
                className={stepButton}
              >
                +
              </button>
            </div>
          ) : (
            <span />
          )}
          <button
            type="button"
            aria-label={`Remove ${title} from the cart`}
            onClick={onRemove}
            className="rounded-md px-2 py-1 text-sm font-medium text-red-700 underline-offset-2 hover:bg-red-50 hover:underline"
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
