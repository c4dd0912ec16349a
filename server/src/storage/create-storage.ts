import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import type { FileStorage } from './storage';

/** The storage adapter the configuration asks for (local disk is the embedded default). */
export function createStorage(config: Config): FileStorage {
  return new LocalStorage(config.uploadsDir);
}
