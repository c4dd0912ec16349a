import type { Db } from '../../db/database';

export async function listAdverts(db: Db) {
  return db.selectFrom('advert_images').select(['id', 'path']).orderBy('position').orderBy('id').execute();
}

export async function insertAdvert(db: Db, image: { path: string; width: number; height: number; position: number }) {
  const row = await db.insertInto('advert_images').values(image).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function nextPosition(db: Db): Promise<number> {
  const row = await db
    .selectFrom('advert_images')
    .select((eb) => eb.fn.max('position').as('p'))
    .executeTakeFirst();
  return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1;
}

export async function findAdvert(db: Db, id: number) {
  return db.selectFrom('advert_images').select(['id', 'path']).where('id', '=', id).executeTakeFirst();
}

export async function deleteAdvert(db: Db, id: number): Promise<void> {
  await db.deleteFrom('advert_images').where('id', '=', id).execute();
}

export async function replaceImage(db: Db, id: number, img: { path: string; width: number; height: number }): Promise<void> {
  await db.updateTable('advert_images').set(img).where('id', '=', id).execute();
}
