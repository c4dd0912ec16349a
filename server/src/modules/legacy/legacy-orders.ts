import { LEGACY_NO_ITEMS } from '@shared/admin-orders.schemas';
import { amountToPaise, checksum, cleanText, EMAIL, isoTime, legacyOwner, orderStatus, type Outcome } from './legacy-rows';
import { eachRow, importRow, note, skip, type Ctx } from './legacy-report';
import type { ProductIds } from './legacy-products';
import type { LegacyOrder, LegacyProduct } from './legacy-source';
import * as repo from './legacy.repository';
import * as orders from '../orders/imported-orders.service';

const MAX_QUANTITY = 10_000;

interface OrderRows {
  order: Omit<orders.ImportedOrder, 'user_id'>;
  lines: orders.ImportedLine[];
}

/** What a line needs to know of the products: their ids here, their titles there, title and image here. */
interface ProductLookup {
  ids: ProductIds;
  titles: Map<number, string>;
  local: Map<number, { title: string; image: string | null }>;
}

function orderLines(o: LegacyOrder, products: ProductLookup): Outcome<orders.ImportedLine[]> {
  const lines: orders.ImportedLine[] = [];
  for (const it of o.items) {
    if (it.quantity === null || !Number.isInteger(it.quantity) || it.quantity < 1 || it.quantity > MAX_QUANTITY)
      return { ok: false, reason: `an item has the quantity ${it.quantity}` };
    const price = amountToPaise(it.price, 'an item price');
    if (!price.ok) return price;
    const productId = it.product_id === null ? undefined : products.ids.get(it.product_id);
    const here = productId === undefined ? undefined : products.local.get(productId);
    lines.push({
      product_id: productId ?? null,
      title: here?.title ?? (it.product_id !== null ? products.titles.get(it.product_id) : undefined) ?? `Product ${it.product_id ?? '?'} (no longer sold)`,
      unit_price_paise: price.value,
      quantity: it.quantity,
      image_path: here?.image ?? null,
    });
  }
  return { ok: true, value: lines };
}

/**
 * An order of the original as our rows, or the reason it cannot be carried across. An order
 * without items (the original's processOrder wrote none) keeps its customer, total and payment
 * and is flagged for the admin.
 */
function orderRows(o: LegacyOrder, products: ProductLookup): Outcome<OrderRows> {
  const email = cleanText(o.user).toLowerCase();
  if (!EMAIL.test(email)) return { ok: false, reason: 'it has no valid customer e-mail address' };
  const code = cleanText(o.order_id);
  if (code.length > 40) return { ok: false, reason: 'its order ID is longer than 40 characters' };
  const status = orderStatus(o.status);
  if (!status.ok) return status;
  const lines = orderLines(o, products);
  if (!lines.ok) return lines;
  const subtotal = lines.value.reduce((n, l) => n + l.unit_price_paise * l.quantity, 0);
  if (lines.value.length === 0 && o.total_amount === null) return { ok: false, reason: 'it has neither items nor a total' };
  const total = o.total_amount === null ? { ok: true as const, value: subtotal } : amountToPaise(o.total_amount, 'its total');
  if (!total.ok) return total;
  const noItems = lines.value.length === 0;
  const created = isoTime(o.created_at) ?? new Date(0).toISOString();
  const order: OrderRows['order'] = {
    order_code: code,
    status: status.value,
    // Without items the total is all we know of what was bought.
    subtotal_paise: noItems ? total.value : subtotal,
    discount_paise: noItems ? 0 : Math.max(0, subtotal - total.value),
    total_paise: total.value,
    email,
    name: '',
    address: cleanText(o.address),
    phone: cleanText(o.phone),
    provider: 'razorpay',
    provider_order_id: cleanText(o.razorpay_order_id) || null,
    provider_payment_id: cleanText(o.razorpay_payment_id) || null,
    paid_at: created,
    created_at: created,
    updated_at: created,
    flag: noItems ? LEGACY_NO_ITEMS : null,
  };
  return { ok: true, value: { order, lines: lines.value } };
}

/** The original's orders, each with its lines and payment in one transaction; customers without an account here wait under their address. */
export async function importOrders(ctx: Ctx, legacyProducts: LegacyProduct[], ids: ProductIds): Promise<void> {
  const kind = 'orders';
  const rows = await ctx.source.orders();
  const known = await repo.mappings(ctx.db, 'order');
  const products: ProductLookup = {
    ids,
    titles: new Map(legacyProducts.map((p) => [p.id, cleanText(p.title)])),
    local: await repo.productTitles(ctx.db, [...ids.values()]),
  };
  const tableRows = rows.reduce((n, o) => n + o.rowCount, 0);
  if (tableRows > rows.length) {
    note(
      ctx,
      kind,
      '*',
      `the original's orders table has ${tableRows} rows for these ${rows.length} orders (one per cart line, then the order, under one order ID): each order is imported once, from its last row`,
    );
  }
  const users = await repo.userIdsByEmail(ctx.db, [...new Set(rows.map((o) => cleanText(o.user).toLowerCase()).filter((e) => EMAIL.test(e)))]);
  await eachRow(ctx, kind, rows, async (o) => {
    const built = orderRows(o, products);
    if (!built.ok) {
      skip(ctx, kind, o.order_id, built.reason);
      return;
    }
    const { order, lines } = built.value;
    const sum = checksum({ order, lines });
    const outcome = await importRow(ctx, kind, o.order_id, known.get(order.order_code), sum, {
      exists: (localId) => repo.orderExists(ctx.db, localId),
      update: (localId) =>
        ctx.db.transaction().execute(async (trx) => {
          await orders.updateImportedOrder(trx, localId, order, lines);
          await repo.saveMapping(trx, 'order', order.order_code, localId, sum);
        }),
      conflict: async () => ((await repo.orderCodeTaken(ctx.db, order.order_code)) ? 'an order with this ID already exists here' : null),
      insert: () => {
        const userId = users.get(order.email) ?? legacyOwner(order.email);
        return ctx.db.transaction().execute(async (trx) => {
          const id = await orders.addImportedOrder(trx, { ...order, user_id: userId }, lines);
          await repo.saveMapping(trx, 'order', order.order_code, id, sum);
        });
      },
    });
    if (order.flag && (outcome === 'imported' || outcome === 'updated')) {
      const kept = order.provider_payment_id ? 'customer, total and payment' : 'customer and total (it has no payment id)';
      note(ctx, kind, o.order_id, `it has no items in the original (its processOrder wrote none): imported with its ${kept}, flagged for the admin`);
    }
  });
}
