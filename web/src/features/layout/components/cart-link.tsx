import { Link } from 'react-router';
import { CartIcon } from '@/components/ui/icons';
import { useCartCount } from '@/features/cart/hooks/use-cart-count';

/** The header's cart icon, with a red badge once the cart holds at least one item. */
export function CartLink() {
  const count = useCartCount();
  const label = count >= 1 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
  return (
    <Link to="/cart" aria-label={label} className="relative inline-flex size-11 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100">
      <CartIcon />
      {count >= 1 && (
        <span
          aria-hidden="true"
          data-testid="cart-badge"
          className="absolute top-0.5 right-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
