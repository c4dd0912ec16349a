import type { Db } from '../../db/database';
import * as repo from './jobs.repository';

/** Razorpay retries a webhook for 24 hours with growing gaps; so does the simulation. */
const GIVE_UP_AFTER_ATTEMPTS = 12;
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** attempts, 6 * 3600_000);
}

export type Deliver = (raw: string, eventId: string) => Promise<boolean>;

/** A webhook's row as queued. */
export interface WebhookRow {
  event_id: string;
  payload: string;
  next_attempt_at: string;
}

/** Writes a webhook's row (once per event id) with the caller's own statement; answers its id, null when none was written. */
export type WebhookWrite = (row: WebhookRow) => Promise<number | null>;

/**
 * The simulated provider's webhooks, kept in the database until delivered: a
 * node that queued one may die, and whichever node is alive delivers it (the
 * scheduler's job), retrying with back-off like Razorpay. The node that queued
 * it also tries once after the delay, so a lone shop feels as quick as before.
 * Delivering twice is harmless: the webhook route ignores event ids it has seen.
 */
export function webhookQueue(db: Db, deliver: Deliver) {
  const timers = new Set<NodeJS.Timeout>();

  async function attempt(row: { id: number; event_id: string; payload: string; attempts: number }): Promise<boolean> {
    const ok = await deliver(row.payload, row.event_id).catch(() => false);
    const now = Date.now();
    if (ok) await repo.markDelivered(db, row.id, new Date(now).toISOString());
    else if (row.attempts < GIVE_UP_AFTER_ATTEMPTS) await repo.markFailed(db, row.id, new Date(now + retryDelayMs(row.attempts)).toISOString());
    return ok;
  }

  /** Tries the webhook `id` once after `delayMs`, when its row is there (committed) and not delivered yet. */
  function tryAfter(id: number, delayMs: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void repo
        .findWebhook(db, id)
        .then((row) => (row && !row.delivered_at ? attempt(row) : undefined))
        .catch(() => {});
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  return {
    /**
     * Queues a webhook, tried after the delay. `write` inserts its row (in the caller's statement or
     * transaction, decision 088) and answers its id, null when it wrote none; without it the row is
     * inserted alone. Rolled back, there is nothing to try.
     */
    async enqueue(eventId: string, raw: string, delayMs: number, write?: WebhookWrite): Promise<void> {
      const row = { event_id: eventId, payload: raw, next_attempt_at: new Date(Date.now() + delayMs).toISOString() };
      const id = await (write ? write(row) : repo.enqueueWebhook(db, row));
      if (id !== null) tryAfter(id, delayMs);
    },
    /** Delivers every webhook that is due; answers how many were delivered. */
    async deliverDue(limit = 100): Promise<number> {
      let delivered = 0;
      for (const row of await repo.dueWebhooks(db, new Date().toISOString(), limit)) if (await attempt(row)) delivered++;
      return delivered;
    },
    stop() {
      timers.forEach((t) => clearTimeout(t));
      timers.clear();
    },
  };
}

export type WebhookQueue = ReturnType<typeof webhookQueue>;
