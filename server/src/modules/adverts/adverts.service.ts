import type { Db } from '../../db/database';
import type { AdvertImage } from '../../../../shared/src/catalogue.schemas';
import * as repo from './adverts.repository';

export async function listAdverts(db: Db): Promise<AdvertImage[]> {
  const rows = await repo.listAdverts(db);
  return rows.map((r) => ({ id: r.id, url: r.path }));
}
