import { isReadableImage, storeImage, type StoredImage } from '../images/image.service';
import { errorText, skip, type Ctx, type ReportKind } from './legacy-report';

/**
 * Reads one image blob of the original and stores it here (a dry run only
 * checks that it can be read). An empty or unreadable blob is reported as
 * skipped and answers null. The one path for product images and adverts.
 */
export async function carryImage(
  ctx: Ctx,
  kind: Extract<ReportKind, 'product images' | 'adverts'>,
  ref: { id: number; sha: string | null },
  load: (id: number) => Promise<Buffer | null>,
): Promise<StoredImage | null> {
  const data = ref.sha === null ? null : await load(ref.id);
  if (!data || data.length === 0) {
    skip(ctx, kind, ref.id, 'it is empty');
    return null;
  }
  if (ctx.dryRun) {
    if (await isReadableImage(data)) return { path: '', width: 0, height: 0 };
    skip(ctx, kind, ref.id, 'it is not an image this shop can read');
    return null;
  }
  try {
    return await storeImage(ctx.storage, kind === 'adverts' ? 'adverts' : 'products', data);
  } catch (err) {
    skip(ctx, kind, ref.id, `it is not an image this shop can read (${errorText(err)})`);
    return null;
  }
}
