/**
 * npm run backup -- DIR     a consistent copy of the running shop (SQLite + uploads) in DIR
 * npm run restore -- DIR    puts such a copy back into an empty DATA_DIR
 */
import { loadConfig } from '../config';
import { backupTo, restoreFrom } from '../backup/backup';

const [command, dir] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !dir) {
  console.error('Usage: npm run backup -- DIR   |   npm run restore -- DIR');
  process.exit(2);
}
const config = loadConfig();
try {
  const manifest = command === 'backup' ? await backupTo(config, dir) : restoreFrom(config, dir);
  console.log(
    command === 'backup'
      ? `Backed up the ${manifest.database} database and ${manifest.files} files to ${dir}.`
      : `Restored the backup of ${manifest.createdAt} into ${config.dataDir}.`,
  );
  if (manifest.note) console.log(manifest.note);
} catch (err) {
  console.error(`${command === 'backup' ? 'Backup' : 'Restore'} failed: ${(err as Error).message}`);
  process.exit(1);
}
