import type { Db } from '../db/database';
import * as catalogueRepo from '../modules/catalogue/catalogue.repository';
import * as advertsRepo from '../modules/adverts/adverts.repository';
import { storeImage, type StoredImage } from '../modules/images/image.service';
import { catalogueTransaction, indexProducts } from '../modules/search/search.service';
import type { FileStorage } from '../storage/storage';
import { DEMO_ADVERTS, DEMO_CATALOGUE } from './demo-catalogue';
import { advertSvg, productSvg } from './demo-images';

async function svgImage(storage: FileStorage, folder: string, svg: string): Promise<StoredImage> {
  const { default: sharp } = await import('sharp');
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
  return storeImage(storage, folder, png);
}

/** Runs tasks with at most `limit` of them at once. */
async function pool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * Seeds the demo catalogue when the shop has no categories yet. Returns what it
 * added, or null when the database already had a catalogue.
 */
export async function seedDemoCatalogue(db: Db, storage: FileStorage) {
  const existing = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) return null;

  const jobs = DEMO_CATALOGUE.flatMap((category) =>
    category.products.flatMap((product) => Array.from({ length: product.images }, (_, view) => ({ product, svg: productSvg(product.title, category, view) }))),
  );
  const images = await pool(jobs, 4, (job) => svgImage(storage, 'products', job.svg));
  const adverts = await pool(DEMO_ADVERTS, 3, (a) => svgImage(storage, 'adverts', advertSvg(a.headline, a.sub, a.colors)));
  const imagesOf = new Map<object, StoredImage[]>();
  jobs.forEach((job, i) => imagesOf.set(job.product, [...(imagesOf.get(job.product) ?? []), images[i]!]));

  let products = 0;
  try {
    await catalogueTransaction(db, async (trx) => {
      const indexed = [];
      for (const category of DEMO_CATALOGUE) {
        const categoryId = await catalogueRepo.insertCategory(trx, category.type);
        for (const p of category.products) {
          const id = await catalogueRepo.insertProduct(trx, {
            title: p.title,
            description: p.description,
            price_paise: p.pricePaise,
            category_id: categoryId,
          });
          await catalogueRepo.insertProductImages(trx, id, imagesOf.get(p) ?? []);
          indexed.push({ id, title: p.title, description: p.description, category: category.type });
          products++;
        }
      }
      await indexProducts(trx, indexed);
      for (const [position, img] of adverts.entries()) {
        await advertsRepo.insertAdvert(trx, { ...img, position });
      }
    });
  } catch (err) {
    // Another app server seeding the same empty database at the same moment wins; that is fine.
    const again = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (again) return null;
    throw err;
  }
  return { categories: DEMO_CATALOGUE.length, products, images: images.length, adverts: adverts.length };
}
