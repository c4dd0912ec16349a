import type { HomePage } from '@shared/catalogue.schemas';
import type { Db } from '../../db/database';
import * as adverts from '../adverts/adverts.service';
import * as catalogue from '../catalogue/catalogue.service';

/** Everything the home page shows, in one answer: the adverts and the first products of each category. */
export async function getHomePage(db: Db): Promise<HomePage> {
  const [ads, sections] = await Promise.all([adverts.listAdverts(db), catalogue.homeSections(db)]);
  return { adverts: ads, sections };
}
