import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp, type App } from '../../src/app';
import { loadConfig, type Env } from '../../src/config';
import * as catalogueRepo from '../../src/modules/catalogue/catalogue.repository';
import { storeImage } from '../../src/modules/images/image.service';
import { searchReplicaOf } from '../../src/modules/search/search-replica';
import { indexProducts } from '../../src/modules/search/search.service';
import { bumpPublicCacheVersion } from '../../src/plugins/public-cache';
import { LocalStorage } from '../../src/storage/local-storage';
import type { FileStorage } from '../../src/storage/storage';
import { freshDb, type DbKind, type TestDb } from './databases';
import { quickPasswordHashing } from './quick-password-hashing';

export interface TestShop {
  app: App;
  db: TestDb['db'];
  storage: FileStorage;
  config: ReturnType<typeof loadConfig>;
  /** another app process on the same database and files, as behind a load balancer */
  secondApp(): Promise<App>;
  close(): Promise<void>;
}

/** The real app on a fresh database and a temporary upload folder. */
/** Resolves once this app's search index has had its first load (readiness waits for it, decision 052). */
export async function searchWarm(app: App): Promise<void> {
  await searchReplicaOf(app.db)?.warm;
}

/**
 * The real app on a fresh database and a temporary upload folder, ready (its search index loaded)
 * unless `waitForSearch` is false.
 */
export async function startTestShop(
  kind: DbKind,
  env: Env = {},
  options: {
    storage?: (config: ReturnType<typeof loadConfig>) => FileStorage;
    waitForSearch?: boolean;
    /** hash passwords at the shop's full cost instead of the tests' cheap one (decision 077) */
    fullCostPasswords?: boolean;
  } = {},
): Promise<TestShop> {
  const test = await freshDb(kind);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-files-'));
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://shop.test',
    WEB_DIST_DIR: path.join(dir, 'no-web-build'),
    AUTH_RATE_LIMIT: '0',
    // Mail goes at once: in a test the process's own work and requests make the node count as busy
    // on a slow machine, and a mail the test waits for would wait up to a minute for a quiet moment
    // (decision 112). mail-gives-way.test.ts tests the giving way itself.
    MAIL_GIVE_WAY_SECONDS: '0',
    ...env,
  });
  const storage = options.storage?.(config) ?? new LocalStorage(config.uploadsDir);
  const hashing = options.fullCostPasswords ? {} : { passwordHashing: quickPasswordHashing };
  const app = await buildApp({ config, db: test.db, storage, ...hashing });
  await app.ready();
  if (options.waitForSearch !== false) await searchWarm(app);
  const others: App[] = [];
  return {
    app,
    db: test.db,
    storage,
    config,
    async secondApp() {
      // Its own connections on PostgreSQL. On SQLite (one server only, decision 011) it shares the
      // handle: two handles in one process would block each other's writes.
      const other = await buildApp({ config, db: test.kind === 'postgres' ? test.another() : test.db, storage, ...hashing });
      await other.ready();
      await searchWarm(other);
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await test.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Test data built through the repositories, one call per thing a test needs. */
export function factories(shop: TestShop) {
  return {
    async category(type = `Category ${++counter}`) {
      const id = await catalogueRepo.insertCategory(shop.db, type);
      await bumpPublicCacheVersion(shop.db);
      return { id, type };
    },
    async product(p: {
      title?: string;
      description?: string;
      pricePaise?: number;
      categoryId: number;
      categoryType?: string;
      images?: number;
      stock?: number | null;
      weightGrams?: number;
    }) {
      const title = p.title ?? `Product ${++counter}`;
      const description = p.description ?? 'A product made for tests.';
      const id = await catalogueRepo.insertProduct(shop.db, {
        title,
        description,
        price_paise: p.pricePaise ?? 99_900,
        category_id: p.categoryId,
        stock: p.stock ?? null,
        weight_grams: p.weightGrams ?? null,
      });
      const images = [];
      for (let i = 0; i < (p.images ?? 0); i++) {
        const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } })
          .png()
          .toBuffer();
        images.push(await storeImage(shop.storage, 'products', png));
      }
      await catalogueRepo.insertProductImages(shop.db, id, images);
      const category = await catalogueRepo.findCategoryById(shop.db, p.categoryId);
      await indexProducts(shop.db, [{ id, title, description, category: category?.type ?? '' }]);
      // Written through the repositories, not an admin route: the public cache must be told.
      await bumpPublicCacheVersion(shop.db);
      return { id, title, description, images: images.map((i) => i.path) };
    },
  };
}

/** A product's stock as stored (null: not tracked). */
export async function stockOf(shop: TestShop, productId: number): Promise<number | null> {
  return (await shop.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock;
}

/** The titles of the products a list or search address answers, in order; the status code where it refuses. */
export async function titlesAt(app: App, url: string): Promise<string[] | number> {
  const res = await app.inject(url);
  return res.statusCode === 200 ? (res.json() as { title: string }[]).map((p) => p.title) : res.statusCode;
}
