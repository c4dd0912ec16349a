/**
 * Seeds the demo catalogue in a process of its own, so that the image work (libvips and the
 * memory it holds on to: some 200 MB) never stays resident in the server. The child reads the
 * same configuration from the same environment, so it seeds the same database and storage.
 *
 * Run by main.ts when the database has no catalogue yet; also runnable by hand.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config';
import { createDb, type Db } from '../db/database';
import { bumpPublicCacheVersion } from '../plugins/public-cache';
import { createStorage } from '../storage/create-storage';
import { seedDemoCatalogue } from './seed';

/** True when the shop has no categories yet: the demo catalogue would be seeded. */
async function needsDemoCatalogue(db: Db): Promise<boolean> {
  return !(await db.selectFrom('categories').select('id').limit(1).executeTakeFirst());
}

/**
 * Seeds in a child process and waits for it. The child is this file: compiled into
 * dist/server/seed-process.js next to the compiled server, or run through tsx in development.
 */
export async function seedInChildProcess(db: Db, log: FastifyBaseLogger): Promise<void> {
  if (!(await needsDemoCatalogue(db))) return;
  const here = import.meta.url;
  const script = fileURLToPath(here.endsWith('.ts') ? here : new URL('./seed-process.js', here));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seeding the demo catalogue failed (exit code ${code})`))));
  });
  log.info('seeded the demo catalogue');
}

async function seedHere() {
  const config = loadConfig();
  const db = createDb(config.database);
  try {
    const seeded = await seedDemoCatalogue(db, createStorage(config));
    if (seeded) await bumpPublicCacheVersion(db);
  } finally {
    await db.destroy();
  }
}

// Run as a script (not imported by the server, whose bundle holds this module too).
if (/^seed-process\.(ts|js)$/.test(path.basename(process.argv[1] ?? ''))) {
  seedHere().catch((err: unknown) => {
    console.error('Seeding the demo catalogue failed:', err);
    process.exit(1);
  });
}
