import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDb, migrateToLatest, type Db } from './db/database';
import { ensureFirstAdmin } from './modules/admin/admin-accounts.service';
import { seedInChildProcess } from './seed/seed-process';
import { createStorage } from './storage/create-storage';
import { startDraining } from './modules/system/health.routes';
import { checkDatabase, checkDataDir, checkStorage, sleep, withStartupLock } from './startup';
import { startJobs } from './modules/jobs/jobs';
import { warnIfNotRegistered } from './modules/invoices/invoices.service';

/**
 * Migrations run without DATABASE_QUERY_TIMEOUT_MS (a request's limit): filling a new column of a
 * large table may take longer than any request should, and a migration cut short would stop every start.
 */
async function migrateWithoutQueryTimeout(config: ReturnType<typeof loadConfig>, db: Db): Promise<string[]> {
  if (config.database.kind !== 'postgres') return migrateToLatest(db);
  const patient = createDb({ ...config.database, queryTimeoutMs: 0 });
  try {
    return await migrateToLatest(patient);
  } finally {
    await patient.destroy();
  }
}

/** Starts the shop: configuration, migrations, demo data on an empty database, HTTP, graceful shutdown. */
async function main() {
  // How long each stage of the start took, in the `shop ready` line (a restart under load: decision 116).
  const stages: Record<string, number> = { process: Math.round(process.uptime() * 1000) };
  let stageStart = performance.now();
  const stage = (name: string) => {
    const now = performance.now();
    stages[name] = Math.round(now - stageStart);
    stageStart = now;
  };
  const config = loadConfig();
  // A wrong setting stops the start with one line naming the variable.
  checkDataDir(config);
  const db = createDb(config.database);
  const storage = createStorage(config);
  await checkDatabase(config, db);
  stage('database');
  const storageUp = await checkStorage(config, storage);
  stage('storage');
  // Every node may start at once on an empty database: the start-up work happens under one lock.
  const app = await withStartupLock(db, async () => {
    stage('lock');
    const newer = await migrateWithoutQueryTimeout(config, db);
    stage('migrations');
    const built = await buildApp({ config, db, storage });
    stage('app');
    if (newer.length > 0)
      built.log.warn({ migrations: newer }, 'the database has migrations of a newer release: serving on it as they left it (a rolling deploy or a rollback)');
    await ensureFirstAdmin(built.auth, db, config, built.log);
    // In a child process: the image work must not stay resident in the server.
    // Its pictures need the storage: without it the demo catalogue waits for a start with storage.
    if (config.seedDemoData && storageUp) await seedInChildProcess(db, built.log);
    return built;
  });
  await warnIfNotRegistered(db, config, app.log);
  if (!storageUp) app.log.warn('file storage is unreachable: starting without it; pictures and uploads answer 503 until it is back (health: storage down)');
  // A promise that failed with nobody waiting for it is a defect to fix, not a reason to take the
  // node (and every request in flight) down: it is logged with its stack and the node keeps serving.
  // An exception thrown out of a callback leaves the process in an unknown state: logged, then exit
  // 1, for the supervisor to restart (decision 034).
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled promise rejection (a defect: please report it); the shop keeps serving'));
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'uncaught exception: exiting for the supervisor to restart the shop');
    process.exit(1);
  });

  // Reconciliation and the simulated webhooks run here, on one node at a time: no cron needed.
  const jobs = startJobs(app);

  let closing = false;
  /**
   * A graceful stop behind a balancer: health answers 503 for the drain period
   * (so the balancer takes the node out while it still serves), then the listener
   * closes, idle keep-alive connections are closed, requests in flight finish.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.log.info({ signal, drainMs }, 'shutting down: draining, then finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, drainMs + 10_000);
    force.unref();
    try {
      startDraining();
      await jobs.stop();
      await sleep(drainMs);
      const closed = app.close();
      app.server.closeIdleConnections();
      await closed;
      await db.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  stage('rest');
  await app.listen({ port: config.port, host: config.host });
  stage('listen');
  // The start's CPU beside its stages: on a loaded machine a start waits for the CPU, not for a dependency.
  const cpu = process.cpuUsage();
  stages.cpu = Math.round((cpu.user + cpu.system) / 1000);
  app.log.info({ startMs: stages }, `shop ready at ${config.publicUrl} (database: ${config.database.kind})`);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('The shop could not start:', err);
  }
  process.exit(1);
});
