import { appendAdvert, replaceAdvertImage } from '../adverts/adverts.service';
import { deleteImage } from '../images/image.service';
import { carryImage } from './legacy-images';
import { count, DELETED_HERE, eachRow, skip, type Ctx } from './legacy-report';
import * as repo from './legacy.repository';

/** The original's advert images, after the shop's own. */
export async function importAdverts(ctx: Ctx): Promise<void> {
  const kind = 'adverts';
  const rows = await ctx.source.adverts();
  const known = await repo.mappings(ctx.db, 'advert');
  await eachRow(ctx, kind, rows, async (a) => {
    const mapped = known.get(String(a.id));
    const current = mapped ? await repo.advertImage(ctx.db, mapped.local_id) : undefined;
    if (mapped && !current) {
      skip(ctx, kind, a.id, DELETED_HERE);
      return;
    }
    if (mapped && mapped.checksum === a.sha) {
      count(ctx, kind, 'unchanged');
      return;
    }
    const image = await carryImage(ctx, kind, a, (id) => ctx.source.advertImage(id));
    if (!image) return;
    if (!ctx.dryRun) {
      await ctx.db.transaction().execute(async (trx) => {
        if (mapped) {
          await replaceAdvertImage(trx, mapped.local_id, image);
          await repo.saveMapping(trx, 'advert', a.id, mapped.local_id, a.sha!);
        } else {
          await repo.saveMapping(trx, 'advert', a.id, await appendAdvert(trx, image), a.sha!);
        }
      });
      if (current) await deleteImage(ctx.storage, current.path).catch(() => {});
    }
    count(ctx, kind, mapped ? 'updated' : 'imported');
  });
}
