import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { FileStorage } from './storage';

/** The storage adapter the configuration asks for: S3 when S3_BUCKET is set, else the local disk (the embedded default). */
export function createStorage(config: Config): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.uploadsDir);
}
