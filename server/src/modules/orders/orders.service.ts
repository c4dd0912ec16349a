import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { rowsByParent } from '../../db/rows';
import type { CreatedOrder, CreateOrderInput, UserOrder } from '@shared/orders.schemas';
import { codMessages, codRefusal, type CodPlacedOrder, type CodRules } from '@shared/cod';
import { normalizePhone, type DeliveryAddress, type Me } from '@shared/account.schemas';
import { orderMessages } from '@shared/order-messages';
import { formatPaise, paiseToRupees } from '@shared/money';
import { belowMinimumOrder, MIN_ORDER_PAISE, orderTotalPaise, orderValue } from '@shared/order-totals';
import { AppError, badRequest, notFound } from '../../errors';
import * as accounts from '../accounts/accounts.service';
import * as cart from '../cart/cart.service';
import * as coupons from '../coupons/coupons.service';
import { newOrderMail, receiptMail, type OrderForMail } from '../mail/mail.templates';
import * as invoices from '../invoices/invoices.service';
import * as refunds from '../refunds/refunds.service';
import * as returns from '../returns/returns.service';
import * as shipping from '../shipping/shipping.service';
import * as stock from '../stock/stock.service';
import { refundMessages } from '@shared/refunds';
import { placeOfSupply } from '@shared/pincode-states';
import { toCollectPaise } from './cod-amounts';
import * as repo from './orders.repository';
import type { OrderDeps } from './order-deps';

/**
 * POST api/createBulkOrder. The order is made from the shopper's cart on the
 * server, priced from the catalogue as it is now; the items the browser sends
 * must match that cart, and any price, total, discount or shipping it sends is
 * ignored; shipping to the delivery pincode (the profile's, or the address given) comes from the owner's rules
 * (refused when the shop does not deliver there).
 * A coupon's use is held for the order (so a limited coupon is never used more
 * than its limit), then the provider's order is created for the total.
 * Cash on delivery (`paymentMethod: 'cod'`, decision 044) is checked against the owner's rules and
 * the shopper's open COD orders, adds the COD fee and places the order at once, without a provider.
 */
export async function createOrder(deps: OrderDeps, userId: string, input: CreateOrderInput): Promise<CreatedOrder | CodPlacedOrder> {
  const { db, provider } = deps;
  // A shopper the shop blocked orders nothing, whatever session they still hold (decision 047).
  const me = await accounts.orderingShopper(db, userId);
  await settleShoppersPending(deps, userId);
  const lines = await cart.pricedCart(db, userId);
  if (lines.length === 0) throw badRequest(orderMessages.cartEmptyCheckout, 'cart_empty');
  if (lines.some((l) => !l.available)) throw new AppError('product_unavailable', 409, orderMessages.productUnavailable);
  if (lines.some((l) => l.unitPaise === 0)) throw badRequest(orderMessages.freeProductNotForSale, 'free_product');
  const short = lines.find((l) => l.stock !== null && l.quantity > l.stock);
  if (short) throw stock.notEnoughStock(short.title, short.stock ?? 0);
  const lineKey = (productId: number, variantId: number | null | undefined) => `${productId}:${variantId ?? 0}`;
  const wanted = new Map(input.items.map((i) => [lineKey(i.productId, i.variantId), i.quantity]));
  const matches = lines.length === wanted.size && lines.every((l) => wanted.get(lineKey(l.productId, l.variantId)) === l.quantity);
  if (!matches) throw new AppError('cart_changed', 409, orderMessages.cartChanged);

  const subtotal = cart.subtotalPaise(lines);
  const to = deliveryOf(me, input.address);
  // The shop must deliver to the address; shipping is priced from the owner's rules, never taken from the browser.
  const delivery = await shipping.quoteForCheckout(db, { pincode: to.zipCode, goodsPaise: subtotal, weightGrams: cart.weightGrams(lines) });
  let discount = 0;
  let freeShipping = false;
  let coupon: coupons.Coupon | null = null;
  if (input.couponCode) {
    const found = await coupons.couponForCart(db, userId, input.couponCode, lines);
    if (!found.outcome.ok) throw coupons.refusal(found.outcome.message);
    coupon = found.coupon;
    discount = found.outcome.discountPaise;
    freeShipping = found.outcome.freeShipping;
  }
  const { shippingPaise, valuePaise } = orderValue({
    subtotalPaise: subtotal,
    discountPaise: discount,
    quotedShippingPaise: delivery.shippingPaise,
    freeShipping,
  });
  const cod = input.paymentMethod === 'cod' ? codTerms(delivery, valuePaise) : null;
  const codFee = cod?.feePaise ?? 0;
  const total = orderTotalPaise(valuePaise, codFee);
  if (belowMinimumOrder(total)) throw badRequest(`Orders must total at least ${formatPaise(MIN_ORDER_PAISE)}`, 'total_too_small');

  const order = await db.transaction().execute(async (trx) => {
    // First: the shopper's COD row lock, so their open COD orders are counted one checkout at a time.
    if (cod) await checkShopperMayUseCod(trx, userId, cod);
    const created = await repo.insertPendingOrder(trx, {
      user_id: userId,
      subtotal_paise: subtotal,
      discount_paise: discount,
      shipping_paise: shippingPaise,
      total_paise: total,
      coupon_id: coupon?.id ?? null,
      coupon_code: coupon?.code ?? null,
      email: me.email,
      name: to.name,
      address: `${to.address}, ${to.city}, ${to.state} ${to.zipCode}`,
      phone: to.phone,
      provider: cod ? 'cod' : provider.name,
      // The place of supply on the invoice, decided once here: the delivery state, or the pincode's own
      // when its prefix names one state and the typed one is not it (decision 111). The address is kept as typed.
      delivery_state: placeOfSupply(to),
      payment_method: cod ? 'cod' : 'online',
      cod_fee_paise: codFee,
    });
    // The lines' tax facts copied and their products' stock read by the insert itself (decision 097).
    const inserted = await repo.insertLines(
      trx,
      created.id,
      lines.map((l) => ({
        product_id: l.productId,
        variant_id: l.variantId,
        title: l.title,
        unit_price_paise: l.unitPaise,
        quantity: l.quantity,
        image_path: l.image,
      })),
    );
    await repo.insertKitParts(trx, inserted, new Map(lines.flatMap((l) => (l.parts ? [[l.productId, l.parts] as const] : []))));
    if (coupon) await coupons.reserveForOrder(trx, coupon.id, created.id, userId, Boolean(coupon.once_per_customer));
    const stockChanged = await stock.holdUnits(trx, lines, deps, new Map(inserted.map((l) => [l.product_id, l.listed ? l.stock : undefined])));
    // COD: placed at once, as a paid order is (coupon use taken, cart emptied, mails queued); invoiced at dispatch.
    if (cod) await placeCodIn(deps, trx, created.id);
    return { ...created, stockChanged };
  });
  await stock.stockChanged(db, order.stockChanged);
  if (cod) {
    deps.metrics.ordersCreated.inc();
    deps.mailer.deliverSoon();
    return { orderId: order.order_code, status: 'placed', paymentMethod: 'cod', amount: total };
  }

  let providerOrder;
  try {
    providerOrder = await provider.createOrder(total, order.order_code, { order: order.order_code });
  } catch (err) {
    deps.log.error({ err, order: order.order_code }, 'the payment provider refused to create an order');
    await cancelUnpaid(db, order.id);
    throw new AppError('provider_error', 502, orderMessages.paymentError);
  }
  await repo.setProviderOrder(db, order.id, providerOrder.id);
  deps.metrics.ordersCreated.inc();
  return {
    id: providerOrder.id,
    amount: total,
    currency: 'INR',
    discount: paiseToRupees(discount),
    orderId: order.order_code,
    provider: provider.name,
    key: provider.keyId,
  };
}

/** Where an order goes: the address given at checkout (phone stored as +91…), else the profile's. */
function deliveryOf(me: Me, other: DeliveryAddress | undefined): DeliveryAddress {
  if (other) return { ...other, phone: normalizePhone(other.phone)! };
  return { name: me.name, phone: me.phone, address: me.address, city: me.city, state: me.state, zipCode: me.zipCode };
}

/** Cancels an order that was never paid and gives its coupon use and held units back. */
async function cancelUnpaid(db: Db, orderId: number): Promise<boolean> {
  const canceled = await db.transaction().execute(async (trx) => {
    const order = await repo.findById(trx, orderId);
    if (!order || !(await repo.cancelPending(trx, orderId))) return null;
    if (order.coupon_id !== null) await coupons.releaseForOrder(trx, order.coupon_id, orderId);
    return { stockChanged: await stock.returnUnits(trx, orderId) };
  });
  if (canceled) await stock.stockChanged(db, canceled.stockChanged);
  return canceled !== null;
}

/**
 * Completes the pending order behind a provider order once a payment is known
 * good (from the browser's callback, a webhook or reconciliation). Exactly one
 * caller places the order, however many arrive at once; the others get the same
 * order back. Placing it uses the held coupon, empties the cart and queues the
 * receipt and the shop's notice in the same transaction (a paid order always has
 * its mails; they are delivered after the answer, decision 035). `shopperId`
 * (the browser's callback): only that shopper's order is placed, and null is
 * answered for another's, as for an order that does not exist.
 */
export async function completePayment(
  deps: OrderDeps,
  providerOrderId: string,
  paymentId: string,
  shopperId: string | null = null,
  capturedPaise: number | null = null,
) {
  const { db } = deps;
  if (shopperId === null) {
    // A webhook (or the reconciliation) mostly comes after the browser's callback placed the order
    // with this very payment: one read answers it then, with no transaction (decision 086).
    const known = await repo.findByProviderOrderId(db, providerOrderId);
    if (!known) return null;
    if (known.provider_payment_id === paymentId) return { order: known, newlyPlaced: false as const, latePaise: null };
    // A capture of another amount than the order's total (the webhook says what was captured) never
    // places it: recorded and refunded like a late payment, never kept (decision 121).
    if (capturedPaise !== null && capturedPaise !== known.total_paise) {
      return { order: known, newlyPlaced: false as const, latePaise: await refunds.handleLatePayment(deps, known.id, providerOrderId, paymentId) };
    }
  }
  let placed;
  try {
    placed = await db.transaction().execute(async (trx) => placeIn(deps, trx, providerOrderId, paymentId, shopperId));
  } catch (err) {
    if (!(err instanceof PaymentRecordedBefore)) throw err;
    // The payment was recorded before, as another order's or as a late one: it places nothing.
    placed = { order: (await repo.findByProviderOrderId(db, providerOrderId))!, newlyPlaced: false as const };
  }
  if (!placed) return null;
  if (placed.newlyPlaced) {
    deps.metrics.ordersPaid.inc();
    deps.mailer.deliverSoon();
    return { ...placed, latePaise: null };
  }
  // Paid, but the order no longer awaited payment (canceled, or placed by another payment): never keep that money.
  const latePaise = placed.order.provider_payment_id === paymentId ? null : await refunds.handleLatePayment(deps, placed.order.id, providerOrderId, paymentId);
  return { ...placed, latePaise };
}

/** Thrown inside a placing transaction (to roll it back) when its payment is recorded already. */
class PaymentRecordedBefore extends Error {}

/** The placing of `completePayment`, inside its transaction: null when there is no such order of this shopper. */
async function placeIn(deps: OrderDeps, trx: Db, providerOrderId: string, paymentId: string, shopperId: string | null) {
  // Placed and read back in one statement (decision 086); the read below only when this caller did not place it.
  const order = await repo.placeByProviderOrder(trx, providerOrderId, paymentId, shopperId);
  if (!order) {
    // No such order (or another shopper's), or no longer awaiting payment: placed by a concurrent caller, or canceled.
    const current = await repo.findByProviderOrderId(trx, providerOrderId);
    if (!current || (shopperId !== null && current.user_id !== shopperId)) return null;
    return { order: current, newlyPlaced: false as const };
  }
  // On PostgreSQL the placing statement recorded the payment and emptied the cart (decision 097). A
  // payment recorded before (another order's, or a late one) places nothing: the order stays as it was.
  const recorded = order.settled ? order.paymentRecorded : await refunds.recordPlacingPayment(trx, order.id, paymentId, order.total_paise);
  if (!recorded) throw new PaymentRecordedBefore();
  if (order.coupon_id !== null) await coupons.commitForOrder(trx, order.coupon_id, order.id);
  if (!order.settled) await cart.clearCart(trx, order.user_id);
  const lines = order.lines ?? (await repo.listLines(trx, [order.id]));
  // The invoice last but for its mail: the series' counter row stays locked until commit, and every
  // other placing waits for it (decision 086).
  const invoiceNumber = await invoices.issueIn(trx, deps.config, order.id);
  await queueOrderMails(deps, trx, order, lines, invoiceNumber);
  return { order, newlyPlaced: true as const };
}

/**
 * Places a COD order inside the transaction that creates it: placed at once, its coupon use taken
 * and the cart emptied as for a paid order, the receipt ("pay on delivery", no invoice yet: it is
 * invoiced at dispatch) and the shop's notice queued.
 */
async function placeCodIn(deps: OrderDeps, trx: Db, orderId: number): Promise<void> {
  await repo.markCodPlaced(trx, orderId);
  const order = (await repo.findById(trx, orderId))!;
  if (order.coupon_id !== null) await coupons.commitForOrder(trx, order.coupon_id, order.id);
  await cart.clearCart(trx, order.user_id);
  await queueOrderMails(deps, trx, order, await repo.listLines(trx, [order.id]), null);
}

/** The owner's COD rules for this order (read with its shipping quote), or a 409 with what to do when they do not allow it. */
function codTerms(delivery: shipping.Quote, valuePaise: number): CodRules {
  const rules = delivery.cod;
  const refusal = codRefusal(rules, { valuePaise, pincode: delivery.place.pincode, pincodeAllowsCod: delivery.place.codAllowed });
  if (refusal) throw new AppError(rules.enabled ? 'cod_not_allowed' : 'cod_disabled', rules.enabled ? 409 : 400, refusal);
  return rules;
}

/**
 * The shopper's COD limits, inside the order's transaction after locking their COD row: at most
 * `maxOpen` undelivered COD orders, and none after `maxReturns` parcels returned to origin. Of any
 * number of simultaneous COD checkouts of one shopper, each counts after the previous committed.
 */
async function checkShopperMayUseCod(trx: Db, userId: string, rules: CodRules): Promise<void> {
  await repo.lockCodShopper(trx, userId);
  const counts = await repo.codCountsOf(trx, userId);
  if (rules.maxReturns !== null && counts.returned >= rules.maxReturns) throw new AppError('cod_returns', 409, codMessages.tooManyReturns);
  if (rules.maxOpen !== null && counts.open >= rules.maxOpen) throw new AppError('cod_limit', 409, codMessages.tooManyOpen(counts.open));
}

/** The receipt (with its invoice; a COD order's says what to pay on delivery) and the shop's notice of an order just placed, queued in the placing transaction. */
async function queueOrderMails(
  deps: OrderDeps,
  trx: Db,
  order: repo.OrderRow,
  lines: Awaited<ReturnType<typeof repo.listLines>>,
  invoiceNumber: string | null,
): Promise<void> {
  const { mailer, config } = deps;
  const content: OrderForMail = {
    orderCode: order.order_code,
    name: order.name,
    email: order.email,
    phone: order.phone,
    address: order.address,
    lines: lines.map((l) => ({
      title: l.title,
      quantity: l.quantity,
      unit: formatPaise(l.unit_price_paise),
      total: formatPaise(l.unit_price_paise * l.quantity),
    })),
    subtotal: formatPaise(order.subtotal_paise),
    discount: formatPaise(order.discount_paise),
    shipping: formatPaise(order.shipping_paise),
    couponCode: order.coupon_code,
    total: formatPaise(order.total_paise),
    paymentId: order.provider_payment_id ?? '',
    ...(order.payment_method === 'cod' ? { codFee: formatPaise(order.cod_fee_paise), payOnDelivery: formatPaise(order.total_paise) } : {}),
  };
  const shopName = config.public.shopName;
  await mailer.queue(trx, [
    // The GST tax invoice goes with the receipt.
    {
      to: order.email,
      kind: 'receipt',
      ...receiptMail(shopName, content, `${config.publicUrl}/Orders`),
      ...(invoiceNumber ? { attachments: [invoices.invoiceAttachment(order.order_code, invoiceNumber)] } : {}),
    },
    { to: config.mail.shopEmail, kind: 'new-order', ...newOrderMail(shopName, content) },
  ]);
}

/** POST api/processOrder: the browser's callback after Checkout, checked against our pending order. */
export async function processPayment(
  deps: OrderDeps,
  userId: string,
  body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  if (!deps.provider.verifyPayment(body.razorpay_order_id, body.razorpay_payment_id, body.razorpay_signature)) {
    throw badRequest(orderMessages.signatureInvalid, 'signature_invalid');
  }
  // Only the shopper's own order: someone else's is not found (and not placed).
  const done = await completePayment(deps, body.razorpay_order_id, body.razorpay_payment_id, userId);
  if (!done) throw notFound(orderMessages.orderNotFound, 'order_not_found');
  if (done.order.provider_payment_id !== body.razorpay_payment_id) {
    // A late payment: recorded and being refunded (never answered with success).
    const amount = formatPaise(done.latePaise ?? done.order.total_paise);
    throw new AppError('payment_late', 409, refundMessages.latePayment(amount));
  }
  return { success: true, orderId: done.order.order_code };
}

/**
 * The original backend's POST api/verifyPayment and api/verifyBulkPayment: checks the
 * signature of a Razorpay payment. For a verified shopper's session it completes that
 * shopper's pending order exactly as processOrder does (and only then); without one it
 * completes nothing: the webhook or the reconciliation places the order.
 */
export async function verifyLegacyPayment(
  deps: OrderDeps,
  userId: string | null,
  body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<{ success: true; message: string; orderId?: string }> {
  if (!deps.provider.verifyPayment(body.razorpay_order_id, body.razorpay_payment_id, body.razorpay_signature)) {
    throw badRequest(orderMessages.legacySignatureInvalid, 'signature_invalid');
  }
  if (userId === null) return { success: true, message: orderMessages.legacyPaymentVerified };
  const { orderId } = await processPayment(deps, userId, body);
  return { success: true, message: orderMessages.legacyOrderPlaced, orderId };
}

/** Whether a paid order answers to this reference (order ID, Razorpay order or payment id, invoice number): a demo booking names one. */
export async function isPaidOrderReference(db: Db, ref: string): Promise<boolean> {
  return repo.paidOrderWithReference(db, ref.trim());
}

/** GET api/UserOrders: the signed-in shopper's paid orders, newest first, with what they may still do (cancel, return) and their returns. */
export async function listUserOrders(db: Db, config: Config, userId: string): Promise<UserOrder[]> {
  const orders = await repo.listPaidOrdersOf(db, userId);
  const ids = orders.map((o) => o.id);
  const [lines, refunded, invoiceNumbers, creditNotes, returnRequests, windowDays] = await Promise.all([
    repo.listLines(db, ids),
    refunds.refundTotals(db, ids),
    invoices.numbersOf(db, ids),
    invoices.creditNotesOf(db, ids),
    returns.returnsOfOrders(db, ids),
    returns.returnWindowDays(db, config),
  ]);
  const linesOf = rowsByParent(lines, 'order_id');
  return orders.map((o) => {
    const returnUntil = returns.returnUntil(o, windowDays);
    return {
      id: o.id,
      order_id: o.order_code,
      created_at: o.paid_at ?? String(o.created_at),
      status: o.status,
      items: linesOf(o.id).map((l) => ({
        title: l.title,
        quantity: l.quantity,
        price: paiseToRupees(l.unit_price_paise),
        image_url: l.image_path,
        lineId: l.id,
        returnable: returnUntil ? Math.max(0, l.quantity - l.return_held_quantity) : 0,
      })),
      address: o.address,
      phone: o.phone,
      total_amount: paiseToRupees(o.total_paise),
      discount: paiseToRupees(o.discount_paise),
      shipping: paiseToRupees(o.shipping_paise),
      coupon_code: o.coupon_code,
      refunded: paiseToRupees(refunded.get(o.id)?.processed ?? 0),
      refund_pending: paiseToRupees(refunded.get(o.id)?.pending ?? 0),
      courier: o.courier,
      trackingNumber: o.tracking_number,
      trackingUrl: o.tracking_url,
      invoice: invoiceNumbers.get(o.id) ?? null,
      creditNotes: creditNotes.get(o.id) ?? [],
      // Placed and not dispatched (an order placed by a late payment's flag alone is not).
      cancelable: o.status === 'placed' && o.paid_at !== null,
      returnUntil,
      returns: returnRequests.get(o.id) ?? [],
      ...paymentOf(o),
    };
  });
}

/** How an order is paid, for the shopper's and the admin's lists: a COD order's cash still to collect (none once collected or canceled). */
export function paymentOf(o: repo.OrderRow) {
  return {
    paymentMethod: o.payment_method === 'cod' ? ('cod' as const) : ('online' as const),
    codToCollect: paiseToRupees(toCollectPaise(o) ?? 0),
    codFee: paiseToRupees(o.cod_fee_paise),
    codCollectedAt: o.cod_collected_at,
    returnedAt: o.returned_at,
  };
}

/**
 * Settles an order still awaiting payment: places it when the provider has a
 * captured payment for its amount, else cancels it and gives its coupon use back;
 * a capture of another amount is recorded and refunded.
 */
async function settle(deps: OrderDeps, order: repo.OrderRow): Promise<'completed' | 'canceled' | 'unchanged'> {
  const payments = order.provider_order_id ? await deps.provider.fetchOrderPayments(order.provider_order_id) : [];
  const captured = payments.find((p) => p.status === 'captured' && p.amount === order.total_paise);
  if (captured && order.provider_order_id) {
    const done = await completePayment(deps, order.provider_order_id, captured.id);
    // Still awaiting payment: that capture was recorded before as no payment of this order (decision 121).
    if (done?.order.status !== 'pending_payment') return 'completed';
  }
  const canceled = await cancelUnpaid(deps.db, order.id);
  // A capture of another amount placed nothing: it is recorded and refunded, never kept (decision 121).
  for (const other of payments.filter((p) => p.status === 'captured')) {
    await refunds.handleLatePayment(deps, order.id, order.provider_order_id!, other.id);
  }
  return canceled ? 'canceled' : 'unchanged';
}

/**
 * Asks the provider about orders still awaiting payment after the configured
 * time: completes those it has a captured payment for, cancels the rest; then
 * settles refunds still pending.
 */
export async function reconcile(deps: OrderDeps, olderThanMinutes: number) {
  const before = new Date(Date.now() - olderThanMinutes * 60_000).toISOString();
  const stale = await repo.listStalePending(deps.db, before);
  const result = { completed: 0, canceled: 0, failed: 0 };
  for (const order of stale) {
    try {
      const outcome = await settle(deps, order);
      if (outcome !== 'unchanged') result[outcome]++;
    } catch (err) {
      deps.log.error({ err, order: order.order_code }, 'could not reconcile the order');
      result.failed++;
    }
  }
  return { ...result, refunds: await refunds.reconcileRefunds(deps) };
}

/**
 * A shopper starting a new checkout abandons the previous one (a closed payment
 * dialog leaves its order pending): settle those first, so that their coupon
 * uses are free again.
 */
async function settleShoppersPending(deps: OrderDeps, userId: string): Promise<void> {
  for (const order of await repo.listPendingOf(deps.db, userId)) {
    await settle(deps, order).catch((err) => deps.log.warn({ err, order: order.order_code }, 'could not settle an earlier pending order'));
  }
}

/** The shopper's own order by its payment provider's order id, else 404 (the simulated checkout's buttons). */
export async function ownOrderByProviderId(db: Db, providerOrderId: string, userId: string) {
  const order = await repo.findByProviderOrderId(db, providerOrderId);
  if (!order || order.user_id !== userId) throw notFound(orderMessages.orderNotFound, 'order_not_found');
  return order;
}

/** Whether a webhook event id was handled before (webhooks are handled once, by their event id). */
export async function webhookEventSeen(db: Db, eventId: string): Promise<boolean> {
  return repo.eventSeen(db, eventId);
}

/** Records a handled webhook event id; a concurrent delivery's same id is kept once. */
export async function recordWebhookEvent(db: Db, eventId: string, type: string): Promise<void> {
  await repo.recordEvent(db, eventId, type);
}
