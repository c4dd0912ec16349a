import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Callers only see keys like `products/ab12.png`;
 * the adapter decides whether that is a file on disk or an object in a bucket.
 * Files are served at `/uploads/<key>`.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** True when the storage is reachable (for the health check); gives up when `signal` aborts. */
  ping(signal?: AbortSignal): Promise<boolean>;
}

/**
 * The storage (bucket or disk) could not be reached or refused to work: answered 503 with the
 * storage message, while the rest of the shop keeps serving (decision 034).
 */
export class StorageUnavailableError extends Error {
  readonly code = 'storage_unavailable';
  constructor(cause: unknown) {
    super('File storage is unavailable', { cause });
  }
}

/** Runs a storage operation; any failure of it becomes a StorageUnavailableError. */
export async function storageCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw err instanceof StorageUnavailableError ? err : new StorageUnavailableError(err);
  }
}

export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

export const UPLOADS_PREFIX = '/uploads/';

export function publicPath(key: string): string {
  return `${UPLOADS_PREFIX}${key}`;
}

/** The key of a server-relative upload path, or null when the path is not one of ours. */
export function keyFromPublicPath(p: string): string | null {
  if (!p.startsWith(UPLOADS_PREFIX)) return null;
  const key = p.slice(UPLOADS_PREFIX.length);
  return isSafeKey(key) ? key : null;
}

/** Keys are folder/name with plain characters: no traversal, no absolute paths. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/.test(key) && !key.split('/').some((s) => s === '.' || s === '..');
}

const types: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  stl: 'model/stl',
};

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return types[ext] ?? 'application/octet-stream';
}
