import type { Db } from '../../db/database';
import { bumpPublicCacheVersion } from '../../plugins/public-cache';
import type { FileStorage } from '../../storage/storage';
import { importAdverts } from './legacy-adverts';
import { importCategories } from './legacy-categories';
import { importCoupons } from './legacy-coupons';
import { importOrders } from './legacy-orders';
import { importProducts } from './legacy-products';
import { newReport, REPORT_KINDS, type Ctx, type ImportOptions, type ImportReport } from './legacy-report';
import type { LegacySource } from './legacy-source';

/**
 * Brings the original shop's catalogue, adverts, coupons and orders across
 * (docs/operations/migrating.md, decisions 019 and 039). Each source row is
 * imported whole in its own transaction or reported as skipped with the reason;
 * a row the shop's rules changed on the way gets a note; a second run over the
 * same source changes nothing (legacy_imports remembers each row and its
 * checksum), and a row changed in the original since is updated here.
 */
export async function importLegacy(deps: { db: Db; storage: FileStorage }, source: LegacySource, options: ImportOptions = {}): Promise<ImportReport> {
  const report = newReport(Boolean(options.dryRun));
  const ctx: Ctx = { ...deps, source, dryRun: report.dryRun, report, progress: options.onProgress ?? (() => {}) };

  const categories = await importCategories(ctx);
  const legacyProducts = await source.products();
  const products = await importProducts(ctx, legacyProducts, categories);
  await importAdverts(ctx);
  await importCoupons(ctx, products);
  await importOrders(ctx, legacyProducts, products);

  const changed = REPORT_KINDS.some((k) => report.counts[k].imported + report.counts[k].updated > 0);
  if (changed && !ctx.dryRun) await bumpPublicCacheVersion(deps.db);
  return report;
}
