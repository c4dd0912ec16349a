import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, isSafeKey, storageCall, StorageUnavailableError, type FileStorage, type StoredFile } from './storage';

/** Files on the local disk under one directory (the embedded default: DATA_DIR/uploads). */
export class LocalStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    // A disk that is full, read-only or unmounted is a storage outage (503), not a fault of the request.
    await storageCall(async () => {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await fsp.writeFile(tmp, data);
      await fsp.rename(tmp, file);
    });
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isSafeKey(key)) return null;
    const file = this.file(key);
    try {
      const stat = await fsp.stat(file);
      if (!stat.isFile()) return null;
      return { body: fs.createReadStream(file), size: stat.size, contentType: contentTypeOf(key) };
    } catch (err) {
      // No such file is a 404; a disk that cannot be read (permissions, I/O error) is an outage.
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw new StorageUnavailableError(err);
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await storageCall(() => fsp.rm(file, { force: true }));
  }

  async ping(): Promise<boolean> {
    try {
      await fsp.mkdir(this.root, { recursive: true });
      await fsp.access(this.root, fs.constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }
}
