import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { DeliveryAddress, Me } from '@shared/account.schemas';
import { orderMessages } from '@shared/order-messages';
import type { CreatedOrder } from '@shared/orders.schemas';
import { payOnDeliveryText, type CodPlacedOrder, type PaymentMethod } from '@shared/cod';
import { ApiError } from '@/lib/api-client';
import { config } from '@/lib/config';
import { notify } from '@/lib/notify';
import { meQueryKey } from '@/features/auth/api/get-me';
import { cartQueryKey } from '@/features/cart/api/get-cart';
import { ordersQueryKey } from '@/features/orders/api/get-orders';
import { createBulkOrder } from '../api/create-order';
import { processOrder, type ProcessOrderBody } from '../api/process-order';
import { SimulatedCheckoutDialog } from '../components/simulated-checkout-dialog';
import { SdkNotLoadedError, type CheckoutEvents, type PaymentCheckout, type PaymentResponse } from '../lib/payment-provider';
import { razorpayCheckout } from '../lib/razorpay-checkout';
import { simulatedCheckout, type SimulatedSession } from '../lib/simulated-checkout';
import { fullAddress } from '../lib/address';

export type CheckoutInput = {
  user: Me;
  items: { productId: number; quantity: number }[];
  /** The applied coupon's code, '' for none. */
  couponCode: string;
  /** The discount shown to the shopper (the server computes its own). */
  appliedDiscount: number;
  /** Deliver here instead of the profile's address. */
  address?: DeliveryAddress;
  /** 'cod': cash on delivery, placed at once (no payment dialog). */
  paymentMethod?: PaymentMethod;
};

/** createBulkOrder refusals that mean the cart on screen is out of date. */
const STALE_CART_CODES = new Set(['cart_changed', 'product_unavailable', 'coupon_used_up']);

/**
 * Checkout (SPEC.md §4): idle → processing → the provider's checkout → success
 * (/orderSucess), failure (/orderFail) or cancel (back to idle). Both providers
 * are opened the same way; render `element` for the simulated one's dialog.
 */
export function useCheckout(): { start: (input: CheckoutInput) => Promise<void>; isProcessing: boolean; element: ReactNode } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isProcessing, setProcessing] = useState(false);
  const [simulated, setSimulated] = useState<SimulatedSession | null>(null);
  const busy = useRef(false);

  const providers = useMemo<Record<CreatedOrder['provider'], PaymentCheckout>>(
    () => ({ simulated: simulatedCheckout(setSimulated), razorpay: razorpayCheckout }),
    [],
  );

  const stop = useCallback(() => {
    busy.current = false;
    setProcessing(false);
  }, []);

  const complete = useCallback(
    async (response: PaymentResponse, input: CheckoutInput, order: CreatedOrder) => {
      const { user } = input;
      const to = input.address ?? user;
      const body: ProcessOrderBody = {
        ...response,
        email: user.email,
        name: to.name,
        address: fullAddress(to),
        phone: to.phone,
        items: input.items,
        couponCode: input.couponCode,
        appliedDiscount: order.discount,
      };
      try {
        await processOrder(body);
      } catch (error) {
        // A payment for an order that stopped awaiting one is being refunded: the failure page says so.
        const late = error instanceof ApiError && error.code === 'payment_late';
        notify(
          'error',
          error instanceof ApiError && error.status === 400 ? orderMessages.paymentVerificationFailed : late ? error.message : orderMessages.paymentError,
        );
        await navigate('/orderFail', late ? { state: { detail: error.message } } : undefined);
        stop();
        return;
      }
      notify('success', orderMessages.paymentSuccessToast);
      // Leave the cart page first, so it never flashes an empty cart; then the server's emptied cart and the new order show.
      await navigate('/orderSucess');
      stop();
      await Promise.all([queryClient.invalidateQueries({ queryKey: cartQueryKey }), queryClient.invalidateQueries({ queryKey: ordersQueryKey })]);
    },
    [navigate, queryClient, stop],
  );

  const start = useCallback(
    async (input: CheckoutInput) => {
      if (busy.current) return;
      busy.current = true;
      setProcessing(true);
      let answer: CreatedOrder | CodPlacedOrder;
      try {
        answer = await createBulkOrder({
          items: input.items,
          couponCode: input.couponCode || null,
          ...(input.address ? { address: input.address } : {}),
          ...(input.paymentMethod === 'cod' ? { paymentMethod: 'cod' as const } : {}),
        });
      } catch (error) {
        if (!(error instanceof ApiError)) {
          notify('error', orderMessages.paymentError);
        } else {
          notify('error', error.message);
          if (STALE_CART_CODES.has(error.code)) void queryClient.invalidateQueries({ queryKey: cartQueryKey });
          if (error.status === 401 || error.status === 403) void queryClient.invalidateQueries({ queryKey: meQueryKey });
        }
        stop();
        return;
      }
      if ('paymentMethod' in answer) {
        // Cash on delivery: placed already; Your Orders shows what to pay on delivery.
        notify('success', `Order ${answer.orderId} placed. ${payOnDeliveryText(answer.amount)}.`);
        await navigate('/Orders');
        stop();
        await Promise.all([queryClient.invalidateQueries({ queryKey: cartQueryKey }), queryClient.invalidateQueries({ queryKey: ordersQueryKey })]);
        return;
      }
      const order = answer;

      const events: CheckoutEvents = {
        onPaid: (response) => void complete(response, input, order),
        onFailed: () => {
          notify('error', orderMessages.paymentError);
          stop();
          void navigate('/orderFail');
        },
        onDismiss: () => {
          notify('info', orderMessages.paymentCanceled);
          stop();
        },
      };
      const prefill = { name: input.user.name, email: input.user.email, contact: input.user.phone };
      try {
        await providers[order.provider].open({ order, shopName: config.shopName, prefill }, events);
      } catch (error) {
        notify('error', error instanceof SdkNotLoadedError ? orderMessages.sdkNotLoaded : orderMessages.paymentError);
        stop();
      }
    },
    [complete, navigate, providers, queryClient, stop],
  );

  const element = simulated ? <SimulatedCheckoutDialog key={simulated.order.id} session={simulated} onClosed={() => setSimulated(null)} /> : null;

  return { start, isProcessing, element };
}
