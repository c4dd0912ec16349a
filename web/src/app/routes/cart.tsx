import { useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import type { DeliveryAddress } from '@shared/account.schemas';
import { Link } from 'react-router';
import { accountMessages } from '@shared/account-messages';
import { deliveryText, shippingMessages } from '@shared/delivery';
import { orderMessages } from '@shared/order-messages';
import { codMessages, type PaymentMethod } from '@shared/cod';
import { primaryButton } from '@/components/ui/button-styles';
import { PageMeta } from '@/components/ui/page-meta';
import { NoticeLink, PageNotice } from '@/components/ui/page-notice';
import { Spinner } from '@/components/ui/spinner';
import { useSession, type SessionUser } from '@/features/auth/hooks/use-session';
import type { LoginState } from '@/features/auth/lib/redirect';
import { cartMutationKey, useRemoveFromCart, useSetCartQuantity } from '@/features/cart/api/cart-mutations';
import { useCart } from '@/features/cart/api/get-cart';
import { CartLineItem } from '@/features/cart/components/cart-line-item';
import { CouponBox } from '@/features/cart/components/coupon-box';
import { OrderSummary } from '@/features/cart/components/order-summary';
import { useCoupon } from '@/features/cart/hooks/use-coupon';
import { clampQuantity, itemCountLabel, lineKey, orderItems, summarizeCart } from '@/features/cart/lib/cart-summary';
import { OtherAddressForm } from '@/features/checkout/components/other-address-form';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import { PaymentChoice } from '@/features/checkout/components/payment-choice';
import { notify } from '@/lib/notify';
import type { Cart } from '@shared/orders.schemas';

const TITLE = 'Your Cart';

/** /cart (SPEC.md §2): login prompt for a visitor, the empty text, or the cart with its summary and checkout. */
export function CartRoute() {
  const { user, isLoading } = useSession();
  const cart = useCart();

  let body;
  if (isLoading || (user && cart.isPending)) {
    body = <Spinner label="Loading your cart" />;
  } else if (!user) {
    const state: LoginState = { from: '/cart' };
    body = (
      <PageNotice heading={orderMessages.loginToViewCart}>
        <NoticeLink to="/login" state={state}>
          Login
        </NoticeLink>
      </PageNotice>
    );
  } else if (!cart.data) {
    body = (
      <PageNotice heading={TITLE}>
        <p role="alert" className="mt-3 text-slate-700">
          Your cart could not be loaded.
        </p>
        <button type="button" onClick={() => void cart.refetch()} className={`${primaryButton} mt-6`}>
          Try again
        </button>
      </PageNotice>
    );
  } else if (cart.data.items.length === 0) {
    body = (
      <PageNotice heading={orderMessages.cartEmpty}>
        <NoticeLink to="/">Continue shopping</NoticeLink>
      </PageNotice>
    );
  } else {
    body = <CartPage user={user} cart={cart.data} />;
  }

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageMeta title={TITLE} />
      {body}
    </div>
  );
}

type AddressLines = { name: string; address: string; city: string; state: string; zipCode: string; phone: string };

function AddressBlock({ to }: { to: AddressLines }) {
  return (
    <address className="mt-2 text-slate-800 not-italic">
      <span className="block font-medium">{to.name}</span>
      <span className="block">{to.address}</span>
      <span className="block">
        {to.city}, {to.state} {to.zipCode}
      </span>
      <span className="block text-sm text-slate-700">Phone: {to.phone}</span>
    </address>
  );
}

type DeliveryProps = {
  user: SessionUser;
  delivery: Cart['delivery'];
  other: OtherAddress;
};

/** Where the order goes: the profile's address, or another one given here ("Deliver to another address"). */
function DeliverySection({ user, delivery, other }: DeliveryProps) {
  const { address, editing, setAddress, setEditing } = other;
  return (
    <section aria-labelledby="delivery-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="delivery-heading" className="text-lg font-semibold text-slate-900">
          Delivery address
        </h2>
        {address || editing ? (
          <button
            type="button"
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            onClick={() => {
              setAddress(null);
              setEditing(false);
            }}
          >
            Deliver to my address
          </button>
        ) : (
          <Link to="/editprofile" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            Change address
          </Link>
        )}
      </div>
      {editing ? (
        <OtherAddressForm
          initial={address}
          onUse={(a) => {
            setAddress(a);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <AddressBlock to={address ?? user} />
          <p
            role={delivery?.serviceable ? undefined : 'alert'}
            className={`mt-2 text-sm font-medium ${delivery?.serviceable ? 'text-emerald-800' : 'text-red-700'}`}
          >
            {delivery ? deliveryText(delivery) : shippingMessages.checkoutPincodeInvalid}
          </p>
          <button type="button" className="mt-3 text-sm font-medium text-brand-700 underline underline-offset-2" onClick={() => setEditing(true)}>
            {address ? 'Change the other address' : 'Deliver to another address'}
          </button>
        </>
      )}
    </section>
  );
}

type OtherAddress = {
  address: DeliveryAddress | null;
  editing: boolean;
  setAddress: (a: DeliveryAddress | null) => void;
  setEditing: (editing: boolean) => void;
};

function CartPage({ user, cart: profileCart }: { user: SessionUser; cart: Cart }) {
  const [address, setAddress] = useState<DeliveryAddress | null>(null);
  const [editing, setEditing] = useState(false);
  // Shipping and serviceability for the other address's pincode, the profile's cart meanwhile.
  const quoted = useCart(address?.zipCode);
  const cart = address ? (quoted.data ?? profileCart) : profileCart;
  const setQuantity = useSetCartQuantity();
  const remove = useRemoveFromCart();
  const coupon = useCoupon(cart);
  const checkout = useCheckout();
  const [method, setMethod] = useState<PaymentMethod>('online');
  // Cash on delivery only where the shop offers it for the delivery pincode (the server checks again).
  const codOffered = cart.delivery?.cod === true && cart.codFee !== null;
  const cod = method === 'cod' && codOffered;
  // Shipping as the server priced it; only a free-shipping coupon takes it off. The COD fee as the server quoted it.
  const summary = summarizeCart(cart.items, coupon.applied?.discount ?? 0, coupon.applied?.freeShipping ? 0 : cart.shipping, cod ? cart.codFee : null);
  const hasUnavailable = summary.unavailable.length > 0;
  // Checkout sends the lines on screen: wait until the server has every change to them.
  const saving = useIsMutating({ mutationKey: cartMutationKey }) > 0;
  const quoting = address !== null && (quoted.isFetching || cart.delivery?.pincode !== address.zipCode);
  const blocked = !user.emailVerified || hasUnavailable || saving || editing || quoting || !cart.delivery?.serviceable;

  const onError = (error: Error) => notify('error', error.message);

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{TITLE}</h1>
        <p className="text-slate-700">{itemCountLabel(cart.items.length)}</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <DeliverySection user={user} delivery={cart.delivery} other={{ address, editing, setAddress, setEditing }} />
          <section aria-labelledby="items-heading" className="rounded-lg border border-slate-200 bg-white px-4 shadow-sm sm:px-5">
            <h2 id="items-heading" className="sr-only">
              Items
            </h2>
            {hasUnavailable && (
              <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
                {orderMessages.productUnavailable} It is not included in your total.
              </p>
            )}
            <ul className="divide-y divide-slate-200">
              {cart.items.map((line) => (
                <CartLineItem
                  key={lineKey(line)}
                  line={line}
                  onQuantity={(q) => setQuantity.mutate({ productId: line.id, variantId: line.variantId, quantity: clampQuantity(q) }, { onError })}
                  onRemove={() => remove.mutate({ productId: line.id, variantId: line.variantId }, { onError })}
                />
              ))}
            </ul>
          </section>
        </div>
        <section aria-labelledby="summary-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:sticky lg:top-24">
          <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
            Order summary
          </h2>
          <OrderSummary summary={summary} couponCode={coupon.applied?.code ?? null} />
          <CouponBox applied={coupon.applied} isApplying={coupon.isApplying} disabled={checkout.isProcessing} onApply={coupon.apply} onRemove={coupon.remove} />
          {codOffered && <PaymentChoice method={method} onChange={setMethod} disabled={checkout.isProcessing} codFee={cart.codFee} />}
          <button
            type="button"
            disabled={checkout.isProcessing || blocked}
            onClick={() =>
              void checkout.start({
                user,
                items: orderItems(cart.items),
                couponCode: coupon.applied?.code ?? '',
                appliedDiscount: summary.discount,
                ...(address ? { address } : {}),
                ...(cod ? { paymentMethod: 'cod' as const } : {}),
              })
            }
            className={`${primaryButton} w-full py-3 text-lg`}
            data-checkout-button
          >
            {checkout.isProcessing ? orderMessages.processing : cod ? codMessages.placeButton : orderMessages.checkoutAll}
          </button>
          {!user.emailVerified && (
            <p role="alert" className="text-sm text-red-700">
              {accountMessages.emailNotVerified}
            </p>
          )}
        </section>
      </div>
      {checkout.element}
    </div>
  );
}
