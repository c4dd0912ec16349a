import type { Db } from '../../db/database';
import { legacyOwner } from './legacy-rows';
import * as orders from '../orders/imported-orders.service';
import * as repo from './legacy.repository';

/** Where an image URL of the original shop (/api/images/{id}, /api/advertimages/{id}) now lives, or null. */
export async function importedImagePath(db: Db, kind: 'product_image' | 'advert', legacyId: number): Promise<string | null> {
  const mapped = await repo.findMapping(db, kind, String(legacyId));
  if (!mapped) return null;
  const image = kind === 'advert' ? await repo.advertImage(db, mapped.local_id) : await repo.productImage(db, mapped.local_id);
  return image?.path ?? null;
}

/**
 * Orders imported from the original shop wait under the customer's address; the
 * first time a shopper with that address, verified, looks at their orders, they
 * become theirs. Cheap when there is nothing to claim (one indexed update).
 */
export async function claimImportedOrders(db: Db, user: { id: string; email: string; emailVerified: boolean }): Promise<void> {
  if (user.emailVerified) await orders.claimImportedOrders(db, legacyOwner(user.email), user.id);
}
