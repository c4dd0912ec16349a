import fs from 'node:fs';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { S3Storage } from './s3-storage';
import { contentTypeOf, isSafeKey } from './storage';

/** Every file under a directory, as storage keys (`products/ab12.png`), in a stable order. */
function keysUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const keys: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) keys.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  return keys;
}

/**
 * Copies the local uploads into the bucket. Idempotent: an object already in
 * the bucket with the same size is left alone (keys are never rewritten), so a
 * second run copies nothing and an interrupted run can simply be run again.
 */
export async function copyUploadsToBucket(
  root: string,
  storage: S3Storage,
  bucket: string,
  progress: (done: number, total: number, key: string, action: 'copied' | 'skipped') => void,
) {
  const keys = keysUnder(root).filter(isSafeKey);
  const result = { copied: 0, skipped: 0, total: keys.length };
  const client = await storage.client();
  for (const [i, key] of keys.entries()) {
    const data = fs.readFileSync(path.join(root, ...key.split('/')));
    const existing = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch(() => null);
    if (existing && Number(existing.ContentLength) === data.length) {
      result.skipped++;
      progress(i + 1, keys.length, key, 'skipped');
      continue;
    }
    await storage.put(key, data, contentTypeOf(key));
    result.copied++;
    progress(i + 1, keys.length, key, 'copied');
  }
  return result;
}
