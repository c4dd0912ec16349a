import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { accountMessages } from '@shared/account-messages';
import { PRODUCT_IMAGE_SIZES } from '@shared/images';
import { formatRupees } from '@shared/money';
import { messages } from '@shared/messages';
import { orderMessages } from '@shared/order-messages';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { PageMeta } from '@/components/ui/page-meta';
import { NoticeLink, PageNotice } from '@/components/ui/page-notice';
import { SlideShow } from '@/components/ui/slide-show';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { useProduct } from '@/features/catalogue/api/get-product';
import { useLoginRedirect } from '@/features/auth/hooks/use-require-user';
import { useSession } from '@/features/auth/hooks/use-session';
import { useAddToCart } from '@/features/cart/api/cart-mutations';
import { useCart } from '@/features/cart/api/get-cart';
import { ProductImage } from '@/features/catalogue/components/product-image';
import { RelatedProducts } from '@/features/catalogue/components/related-products';
import { StockStatus } from '@/features/catalogue/components/stock-status';
import { KitContents, UsedInKits } from '@/features/catalogue/components/kit-contents';
import { VariantPicker } from '@/features/catalogue/components/variant-picker';
import { firstChoice, variantWith } from '@/features/catalogue/lib/variant-choice';
import { DeliveryCheckForm } from '@/features/shipping/components/delivery-check';
import { ApiError } from '@/lib/api-client';
import { truncate } from '@/lib/format';
import { notify } from '@/lib/notify';

// The claim form (and its form libraries) loads only on free products.
const FreeClaimForm = lazy(() => import('@/features/claims/components/free-claim-form').then((m) => ({ default: m.FreeClaimForm })));

/** The product slider autoplays every 2.5 s (SPEC.md §9). */
const SLIDER_DELAY_MS = 2500;

export function ProductRoute() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  // The option values the shopper chose (a product with variants; decision 045).
  const [choice, setChoice] = useState<{ productId: number; values: Record<string, string> } | null>(null);

  if (product.isPending) {
    return (
      <p role="status" className="py-16 text-center text-lg text-slate-700">
        {messages.loading}
      </p>
    );
  }
  if (product.isError) {
    return (
      <PageNotice title={messages.productNotFound} heading={messages.productNotFound404}>
        <NoticeLink to="/">Homepage</NoticeLink>
      </PageNotice>
    );
  }

  const p = product.data;
  const variants = p.variants ?? [];
  const chosen = choice?.productId === p.id ? choice.values : (firstChoice(variants)?.options ?? {});
  const variant = variants.length > 0 ? variantWith(variants, chosen) : undefined;
  // With variants, the price and stock are the chosen variant's (none chosen: nothing to add).
  const price = variant?.price ?? p.price;
  const stock = variants.length > 0 ? (variant ? variant.stock : 0) : p.stock;
  // The chosen variant's image first, when it has one (decision 045).
  const own = variant?.image && p.images.includes(variant.image) ? variant.image : undefined;
  const images = p.images.length > 0 ? (own ? [own, ...p.images.filter((i) => i !== own)] : p.images) : [undefined];
  return (
    <article className="grid gap-6 md:grid-cols-2 md:gap-10">
      <PageMeta title={p.title} description={truncate(p.description, 155)} image={p.images[0]} />
      <div className="mx-auto w-full max-w-xl">
        <SlideShow
          // A variant with its own image starts the slides again at it.
          key={own ?? ''}
          label={`Images of ${p.title}`}
          delay={SLIDER_DELAY_MS}
          slides={images.map((path, i) => (
            <ProductImage
              key={path ?? i}
              path={path}
              alt={`${p.title}, image ${i + 1} of ${images.length}`}
              sizes={PRODUCT_IMAGE_SIZES}
              priority={i === 0}
              className="aspect-square w-full rounded-lg"
            />
          ))}
        />
      </div>
      <div className="flex flex-col gap-4">
        <p className="text-sm font-medium text-brand-700">{p.category}</p>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{p.title}</h1>
        <p className="text-2xl font-bold text-slate-900">{formatRupees(price)}</p>
        {variants.length > 0 && (
          <VariantPicker options={p.options ?? []} variants={variants} chosen={chosen} onChoose={(values) => setChoice({ productId: p.id, values })} />
        )}
        <StockStatus stock={stock} />
        {p.price > 0 ? (
          <div className="flex flex-wrap gap-3">
            {stock !== 0 && <AddToCartButton productId={p.id} variantId={variant?.id ?? null} />}
            <Link to="/cart" className={secondaryButton}>
              {messages.goToCart}
            </Link>
          </div>
        ) : (
          <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
            <Suspense fallback={<p className="text-slate-600">{messages.loading}</p>}>
              <UntilHydrated>
                <FreeClaimForm productId={p.id} />
              </UntilHydrated>
            </Suspense>
          </div>
        )}
        {p.price > 0 && <DeliveryCheckForm />}
        {p.parts && p.parts.length > 0 && <KitContents parts={p.parts} />}
        {p.usedIn && p.usedIn.length > 0 && <UsedInKits kits={p.usedIn} />}
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Description</h2>
          <p className="mt-2 whitespace-pre-line text-slate-700">{p.description}</p>
        </div>
      </div>
      <RelatedProducts productId={p.id} category={p.category} />
    </article>
  );
}

/**
 * Add to Cart (SPEC.md §2, §6): a visitor is sent to log in; a shopper's click
 * adds the product once, and the button then reads 'Already in Cart', as it
 * does for a product the cart already holds.
 */
function AddToCartButton({ productId, variantId }: { productId: number; variantId: number | null }) {
  const { user, isLoading } = useSession();
  const cart = useCart();
  const add = useAddToCart();
  const redirectToLogin = useLoginRedirect();
  const inCart = cart.data?.items.some((line) => line.id === productId && (variantId === null || line.variantId === variantId)) ?? false;

  const onClick = () => {
    if (!user) {
      redirectToLogin(accountMessages.pleaseLoginToAdd);
      return;
    }
    add.mutate(
      { productId, variantId },
      {
        onSuccess: () => notify('success', orderMessages.itemAdded),
        onError: (error) => {
          // Already there (added in another tab): the button turns to 'Already in Cart' once the cart is re-read.
          if (error instanceof ApiError && error.code === 'already_in_cart') return;
          notify('error', error instanceof ApiError ? error.message : messages.internalError);
        },
      },
    );
  };

  return (
    <button type="button" onClick={onClick} disabled={isLoading || inCart || add.isPending} className={primaryButton}>
      {inCart ? messages.alreadyInCart : messages.addToCart}
    </button>
  );
}
