import type { App } from '../../app-types';
import { reconcile } from '../orders/orders.service';
import { scheduler, type Job } from './scheduler';

/**
 * The shop's periodic work, run inside the app by one node at a time: the
 * simulated provider's webhooks that are due, queued mail, and the reconciliation of orders
 * awaiting payment and of pending refunds (`npm run payments:reconcile` runs the
 * same by hand). Adding a job is one entry here.
 */
function shopJobs(app: App): Job[] {
  const jobs: Job[] = [{ name: 'reconcile-payments', everyMs: app.config.jobs.reconcileEveryMs, run: () => reconcile(app.orderDeps, app.config.pendingOrderMinutes) }];
  const webhooks = app.simulatedWebhooks;
  if (webhooks) jobs.push({ name: 'simulated-webhooks', everyMs: 0, run: () => webhooks.deliverDue() });
  // Queued mail, at every tick (decision 035); without SMTP_URL mail is kept, nothing to deliver.
  if (app.mailer.transport === 'smtp') jobs.push({ name: 'mail-delivery', everyMs: 0, run: () => app.mailer.deliverDue() });
  return jobs;
}

export function startJobs(app: App) {
  const s = scheduler(app.db, app.log, shopJobs(app), { tickMs: app.config.jobs.tickMs, leaseMs: app.config.jobs.leaseMs });
  if (app.config.jobs.enabled) s.start();
  return s;
}
