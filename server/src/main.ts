import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDb, migrateToLatest } from './db/database';
import { ensureFirstAdmin } from './modules/admin/admin-accounts';
import { seedDemoCatalogue } from './seed/seed';
import { createStorage } from './storage/create-storage';

/** Starts the shop: configuration, migrations, demo data on an empty database, HTTP, graceful shutdown. */
async function main() {
  const config = loadConfig();
  const db = createDb(config.database);
  const storage = createStorage(config);
  await migrateToLatest(db);
  const app = await buildApp({ config, db, storage });
  await ensureFirstAdmin(app.auth, db, config, app.log);
  if (config.seedDemoData) {
    const seeded = await seedDemoCatalogue(db, storage);
    if (seeded) app.log.info(seeded, 'seeded the demo catalogue');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`shop ready at ${config.publicUrl} (database: ${config.database.kind})`);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('The shop could not start:', err);
  }
  process.exit(1);
});
