import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupTo, restoreFrom } from '../src/backup/backup';
import { loadConfig } from '../src/config';
import { createDb, migrateToLatest } from '../src/db/database';
import { LocalStorage } from '../src/storage/local-storage';

const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), name));

describe('backup and restore of the embedded shop', () => {
  it('copies the database while it is open and written to, with every file, and restores it into an empty DATA_DIR', async () => {
    const config = loadConfig({ DATA_DIR: tmp('shop-live-') });
    const db = createDb(config.database);
    await migrateToLatest(db);
    await new LocalStorage(config.uploadsDir).put('products/kit.png', Buffer.from('png'));
    await db.insertInto('categories').values({ type: 'Kits', type_key: 'kits' }).execute();
    // The shop keeps writing while the backup runs.
    const writing = (async () => {
      for (let i = 0; i < 50; i++)
        await db
          .insertInto('categories')
          .values({ type: `C${i}`, type_key: `c${i}` })
          .execute();
    })();
    const dir = path.join(tmp('shop-backup-'), 'b1');
    const manifest = await backupTo(config, dir);
    await writing;
    await db.destroy();
    expect(manifest).toMatchObject({ database: 'sqlite', storage: 'local', files: 1 });
    await expect(backupTo(config, dir)).rejects.toThrow(/not empty/);

    const target = loadConfig({ DATA_DIR: tmp('shop-restored-') });
    restoreFrom(target, dir);
    const restored = createDb(target.database);
    const kits = await restored.selectFrom('categories').select('type').where('type', '=', 'Kits').execute();
    expect(kits).toEqual([{ type: 'Kits' }]);
    await restored.destroy();
    expect(fs.readFileSync(path.join(target.uploadsDir, 'products', 'kit.png'), 'utf8')).toBe('png');
    // Never over an existing shop.
    expect(() => restoreFrom(target, dir)).toThrow(/already holds a database/);
  });
});
