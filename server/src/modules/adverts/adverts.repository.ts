import type { Db } from '../../db/database';

export async function listAdverts(db: Db) {
  return db.selectFrom('advert_images').select(['id', 'path']).orderBy('position').orderBy('id').execute();
}

export async function insertAdvert(db: Db, image: { path: string; width: number; height: number; position: number }) {
  const row = await db.insertInto('advert_images').values(image).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
