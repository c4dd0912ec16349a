import type { App } from '../../app-types';
import { reconcile } from '../orders/orders.service';
import { pruneOldLines } from '../audit/audit.service';
import { pruneEndedSessions } from '../admin/admin-sessions.service';
import { staffPolicy } from '../settings/staff-policy.service';
import { scheduler, type Job } from './scheduler';

/**
 * The shop's periodic work, run inside the app by one node at a time: the
 * simulated provider's webhooks that are due, queued mail, the reconciliation of orders
 * awaiting payment and of pending refunds (`npm run payments:reconcile` runs the
 * same by hand), the audit log's retention and ended admin sessions. Adding a job
 * is one entry here.
 */
export function shopJobs(app: App): Job[] {
  const jobs: Job[] = [
    { name: 'reconcile-payments', everyMs: app.config.jobs.reconcileEveryMs, run: () => reconcile(app.orderDeps, app.config.pendingOrderMinutes) },
  ];
  const webhooks = app.simulatedWebhooks;
  if (webhooks) jobs.push({ name: 'simulated-webhooks', everyMs: 0, run: () => webhooks.deliverDue() });
  // Queued mail, at every tick (decision 035); without SMTP_URL mail is kept, nothing to deliver.
  if (app.mailer.transport === 'smtp') jobs.push({ name: 'mail-delivery', everyMs: 0, run: () => app.mailer.deliverDue() });
  // The owner's retention period and session limits (decision 051): hourly is soon enough for both.
  const policy = () => staffPolicy(app.db, app.config.staffPolicy);
  jobs.push({ name: 'audit-retention', everyMs: HOUR, run: async () => pruneOldLines(app.db, (await policy()).auditRetentionDays) });
  jobs.push({ name: 'admin-sessions', everyMs: HOUR, run: async () => pruneEndedSessions(app.db, await policy()) });
  return jobs;
}

const HOUR = 60 * 60 * 1000;

export function startJobs(app: App) {
  const s = scheduler(app.db, app.log, shopJobs(app).map(app.metrics.counted), { tickMs: app.config.jobs.tickMs, leaseMs: app.config.jobs.leaseMs });
  if (app.config.jobs.enabled) s.start();
  return s;
}
