/**
 * npm run payments:reconcile [-- --older-than-minutes N]
 *
 * Asks the payment provider about orders still awaiting payment after N minutes
 * (default PENDING_ORDER_MINUTES): completes those with a captured payment, and
 * cancels the others, giving their coupon uses back. Safe to run at any time and
 * from several servers: completing and canceling are each done once.
 * Run it from cron every few minutes, e.g. `*\/10 * * * * cd /srv/shop && npm run payments:reconcile`.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db/database';
import { reconcile } from '../modules/orders/orders.service';
import { createStorage } from '../storage/create-storage';

const { values } = parseArgs({ options: { 'older-than-minutes': { type: 'string' } } });
const config = loadConfig();
const minutes = values['older-than-minutes'] ? Number(values['older-than-minutes']) : config.pendingOrderMinutes;
if (!Number.isInteger(minutes) || minutes < 1) {
  console.error('--older-than-minutes must be a whole number of minutes, at least 1');
  process.exit(2);
}
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  const app = await buildApp({ config: { ...config, logLevel: 'warn' }, db, storage: createStorage(config) });
  const result = await reconcile(app.orderDeps, minutes);
  console.log(
    `Reconciled orders awaiting payment for more than ${minutes} minutes (${app.payments.name}): ${result.completed} completed, ${result.canceled} canceled, ${result.failed} failed.`,
  );
  await app.close();
  process.exitCode = result.failed > 0 ? 1 : 0;
} finally {
  await db.destroy();
}
