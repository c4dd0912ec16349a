import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config';

export interface BackupManifest {
  createdAt: string;
  database: 'sqlite' | 'postgres';
  storage: 'local' | 's3';
  files: number;
  note?: string;
}

function copyTree(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  let files = 0;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    if (entry.isDirectory()) files += copyTree(src, dest);
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      fs.copyFileSync(src, dest);
      files++;
    }
  }
  return files;
}

/**
 * A consistent copy of a running shop in `dir`: the SQLite database through
 * SQLite's online backup (the shop keeps serving), then the uploaded files.
 * Database first: files are written before the rows that name them, so every
 * file the copied database refers to is already on disk when the files are
 * copied. PostgreSQL and S3 are backed up with their own tools (the manifest
 * says which); see docs/operations/backup.md.
 */
export async function backupTo(config: Config, dir: string): Promise<BackupManifest> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`${dir} is not empty: back up into a new directory`);
  fs.mkdirSync(dir, { recursive: true });
  const notes: string[] = [];
  if (config.database.kind === 'sqlite') {
    if (!fs.existsSync(config.database.file)) throw new Error(`No database at ${config.database.file} (DATA_DIR)`);
    const source = new SQLite(config.database.file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(path.join(dir, 'shop.sqlite'));
    } finally {
      source.close();
    }
  } else {
    notes.push('PostgreSQL: back up with pg_dump --format=custom "$DATABASE_URL" > shop.dump');
  }
  let files = 0;
  if (config.s3)
    notes.push(`Files are in the S3 bucket "${config.s3.bucket}": use the bucket's versioning or replication (aws s3 sync s3://${config.s3.bucket} ./uploads)`);
  else files = copyTree(config.uploadsDir, path.join(dir, 'uploads'));
  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    database: config.database.kind,
    storage: config.s3 ? 's3' : 'local',
    files,
    ...(notes.length ? { note: notes.join('\n') } : {}),
  };
  fs.writeFileSync(path.join(dir, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Restores a backup made by `backupTo` into an empty DATA_DIR (SQLite and local files). */
export function restoreFrom(config: Config, dir: string): BackupManifest {
  const manifestFile = path.join(dir, 'backup.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${dir} holds no backup (backup.json is missing)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (config.database.kind !== 'sqlite' || manifest.database !== 'sqlite') {
    throw new Error('Only a SQLite backup restores into DATA_DIR; restore PostgreSQL with pg_restore (docs/operations/backup.md)');
  }
  if (fs.existsSync(config.database.file)) throw new Error(`DATA_DIR already holds a database (${config.database.file}): restore into an empty DATA_DIR`);
  fs.mkdirSync(path.dirname(config.database.file), { recursive: true });
  fs.copyFileSync(path.join(dir, 'shop.sqlite'), config.database.file);
  if (manifest.storage === 'local') copyTree(path.join(dir, 'uploads'), config.uploadsDir);
  return manifest;
}
