import type { Db } from '../../db/database';
import type { AdvertImage } from '@shared/catalogue.schemas';
import { notFound } from '../../errors';
import type { FileStorage } from '../../storage/storage';
import { deleteImage, storeImage, type StoredImage } from '../images/image.service';
import * as repo from './adverts.repository';

/** SPEC.md §5: up to 5 advert images per upload. */
export const MAX_ADVERTS_PER_UPLOAD = 5;

export async function listAdverts(db: Db): Promise<AdvertImage[]> {
  const rows = await repo.listAdverts(db);
  return rows.map((r) => ({ id: r.id, url: r.path }));
}

/** Adds advert images (already checked to be at most MAX_ADVERTS_PER_UPLOAD) and answers the whole list. */
export async function addAdverts(db: Db, storage: FileStorage, files: Buffer[]): Promise<AdvertImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const file of files) stored.push(await storeImage(storage, 'adverts', file));
    await db.transaction().execute(async (trx) => {
      let position = await repo.nextPosition(trx);
      for (const img of stored) await repo.insertAdvert(trx, { ...img, position: position++ });
    });
  } catch (err) {
    await Promise.all(stored.map((img) => deleteImage(storage, img.path).catch(() => {})));
    throw err;
  }
  return listAdverts(db);
}

/** Adds one already stored advert image after the others (the import of the original shop); answers its id. */
export async function appendAdvert(db: Db, image: StoredImage): Promise<number> {
  return repo.insertAdvert(db, { ...image, position: await repo.nextPosition(db) });
}

/** Puts a new image in an advert's place (the original shop's advert changed since the last import). */
export function replaceAdvertImage(db: Db, id: number, image: StoredImage): Promise<void> {
  return repo.replaceImage(db, id, image);
}

export async function deleteAdvert(db: Db, storage: FileStorage, id: number): Promise<void> {
  const advert = await repo.findAdvert(db, id);
  if (!advert) throw notFound('Advert image not found', 'advert_not_found');
  await repo.deleteAdvert(db, id);
  await deleteImage(storage, advert.path).catch(() => {});
}
