import { randomUUID } from 'node:crypto';
import type { default as Sharp, Metadata } from 'sharp';
import { RENDITION_WIDTHS, renditionPath } from '@shared/images';
import { badRequest } from '../../errors';
import { keyFromPublicPath, publicPath, type FileStorage } from '../../storage/storage';

export interface StoredImage {
  path: string;
  width: number;
  height: number;
}

const MAX_PIXELS = 40_000_000;

/** sharp and the image's metadata; a 400 when the data is not an image sharp can read. */
async function readImage(input: Buffer): Promise<{ sharp: typeof Sharp; meta: Metadata }> {
  // Loaded on first use: libvips costs tens of megabytes that a shop that is only browsed never needs.
  const { default: sharp } = await import('sharp');
  try {
    return { sharp, meta: await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata() };
  } catch {
    throw badRequest('The file is not an image we can read (use PNG, JPEG, WebP or GIF).', 'invalid_image');
  }
}

/**
 * Stores an uploaded image and its WebP renditions (RENDITION_WIDTHS), returning
 * the server-relative path of the original. The original is re-encoded (format
 * kept) so that metadata such as GPS positions never leaves the shop.
 */
export async function storeImage(storage: FileStorage, folder: string, input: Buffer): Promise<StoredImage> {
  const { sharp, meta } = await readImage(input);
  const format = meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' ? meta.format : 'png';
  const base = sharp(input, { limitInputPixels: MAX_PIXELS }).rotate();
  const original = await base.clone().toFormat(format).toBuffer({ resolveWithObject: true });
  const key = `${folder}/${randomUUID()}.${format === 'jpeg' ? 'jpg' : format}`;
  const path = publicPath(key);
  const renditions = await Promise.all(
    RENDITION_WIDTHS.map(async (w) => ({
      key: keyFromPublicPath(renditionPath(path, w))!,
      data: await base.clone().resize({ width: w, withoutEnlargement: true }).webp({ quality: 78, effort: 2 }).toBuffer(),
    })),
  );
  try {
    await storage.put(key, original.data, `image/${format}`);
    // Every rendition settles before a failure is handled: one still being written would outlive the clean-up.
    const failed = (await Promise.allSettled(renditions.map((r) => storage.put(r.key, r.data, 'image/webp')))).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (err) {
    // Storage failed half-way (an outage): no half-stored image is left behind where it can be helped.
    await deleteImage(storage, path).catch(() => {});
    throw err;
  }
  return { path, width: original.info.width, height: original.info.height };
}

/** Removes an image stored by storeImage, renditions included. */
export async function deleteImage(storage: FileStorage, path: string): Promise<void> {
  const keys = [path, ...RENDITION_WIDTHS.map((w) => renditionPath(path, w))].map(keyFromPublicPath);
  await Promise.all(keys.filter((k): k is string => k !== null).map((k) => storage.delete(k)));
}

/** True when sharp can read the data as an image (what storeImage would accept). */
export async function isReadableImage(input: Buffer): Promise<boolean> {
  const { default: sharp } = await import('sharp');
  try {
    await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores a customer's photo (a return's) privately: checked to be an image, re-encoded (no GPS or
 * other metadata kept) and capped at 2000 px, under a folder that /uploads never serves. Answers
 * the storage key, its type and size.
 */
export async function storePrivateImage(storage: FileStorage, folder: string, input: Buffer): Promise<{ key: string; contentType: string; size: number }> {
  const { sharp, meta } = await readImage(input);
  const format = meta.format === 'png' || meta.format === 'webp' ? meta.format : 'jpeg';
  const data = await sharp(input, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
    .toFormat(format)
    .toBuffer();
  const key = `${folder}/${randomUUID()}.${format === 'jpeg' ? 'jpg' : format}`;
  const contentType = `image/${format}`;
  await storage.put(key, data, contentType);
  return { key, contentType, size: data.length };
}
