import { addCoupon, codeTaken, couponExists, updateCoupon } from '../coupons/coupons-admin.service';
import { checksum, couponInput } from './legacy-rows';
import { eachRow, importRow, note, skip, type Ctx } from './legacy-report';
import type { ProductIds } from './legacy-products';
import * as repo from './legacy.repository';

/**
 * The original's coupons through the admin's own coupon rules: both discounts
 * kept, percentages to two decimals; what the rules changed is noted.
 */
export async function importCoupons(ctx: Ctx, products: ProductIds): Promise<void> {
  const kind = 'coupons';
  const rows = await ctx.source.coupons();
  const known = await repo.mappings(ctx.db, 'coupon');
  await eachRow(ctx, kind, rows, async (c) => {
    const productId = c.product_id === null ? null : products.get(c.product_id);
    if (productId === undefined) {
      skip(ctx, kind, c.id, `it is for product ${c.product_id}, which does not exist or was not imported`);
      return;
    }
    const row = couponInput(c, productId);
    if (!row.ok) {
      skip(ctx, kind, c.id, row.reason);
      return;
    }
    const { input, changes } = row.value;
    const sum = checksum(input);
    const outcome = await importRow(ctx, kind, c.id, known.get(String(c.id)), sum, {
      exists: (localId) => couponExists(ctx.db, localId),
      update: (localId) =>
        ctx.db.transaction().execute(async (trx) => {
          await updateCoupon(trx, localId, input);
          await repo.saveMapping(trx, 'coupon', c.id, localId, sum);
        }),
      conflict: async () => ((await codeTaken(ctx.db, input.code)) ? `a coupon with the code "${input.code}" already exists here` : null),
      insert: () =>
        ctx.db.transaction().execute(async (trx) => {
          const coupon = await addCoupon(trx, input);
          await repo.saveMapping(trx, 'coupon', c.id, coupon.id, sum);
        }),
    });
    if (outcome === 'imported' || outcome === 'updated') for (const change of changes) note(ctx, kind, c.id, change);
  });
}
