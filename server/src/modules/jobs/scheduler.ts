import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/pg-pool';
import * as repo from './jobs.repository';

export interface Job {
  name: string;
  /** how often it runs, at least */
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * Periodic work inside the app, no cron needed: every tick a node tries to take
 * (or keep) the scheduler's lease in the database; only the holder runs the jobs
 * that are due. If it dies, the lease runs out and another node takes over.
 */
export function scheduler(db: Db, log: FastifyBaseLogger, jobs: Job[], options: { tickMs: number; leaseMs: number; holder?: string }) {
  const holder = options.holder ?? randomUUID();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function tick(): Promise<void> {
    let leased = Date.now();
    const takeSchedulerLease = (now: number) =>
      repo.takeLease(db, 'scheduler', holder, new Date(now).toISOString(), new Date(now + options.leaseMs).toISOString());
    if (!(await takeSchedulerLease(leased))) return;
    for (const job of jobs) {
      if (stopped) return;
      // A long job (a mail pass, a reconciliation) must not outlast the lease unnoticed: it is renewed
      // between jobs once a third of it has gone, and if another node took it meanwhile, that node runs the rest.
      if (Date.now() - leased > options.leaseMs / 3) {
        leased = Date.now();
        if (!(await takeSchedulerLease(leased))) return;
      }
      const last = await repo.lastRun(db, `job:${job.name}`);
      if (last && Date.now() - Date.parse(last) < job.everyMs) continue;
      await repo.takeLease(db, `job:${job.name}`, holder, new Date().toISOString(), new Date(Date.now() + options.leaseMs).toISOString());
      await repo.setLastRun(db, `job:${job.name}`, new Date().toISOString());
      try {
        const result = await job.run();
        log.debug({ job: job.name, result }, 'scheduled job done');
      } catch (err) {
        if (isDatabaseUnavailable(err)) log.debug({ err, job: job.name }, 'scheduled job put off: the database is unreachable');
        else log.error({ err, job: job.name }, 'scheduled job failed');
      }
    }
  }

  const loop = () => {
    if (stopped) return;
    running = tick()
      // While the database is away the pool has logged it; the next tick tries again.
      .catch((err) =>
        isDatabaseUnavailable(err) ? log.debug({ err }, 'scheduler tick put off: the database is unreachable') : log.warn({ err }, 'scheduler tick failed'),
      )
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(loop, options.tickMs);
      });
  };

  return {
    holder,
    start() {
      loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await repo.releaseLease(db, 'scheduler', holder).catch(() => {});
    },
    /** One tick now (for tests and the manual command). */
    tick,
  };
}
