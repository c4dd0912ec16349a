import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { insertOnce } from '../../db/rows';

/**
 * Takes or renews the lease of a job for `holder` until `until`, in one
 * statement: it succeeds when nobody holds it, the lease ran out, or the holder
 * already has it. Of any number of nodes asking at once, one gets it.
 */
export async function takeLease(db: Db, name: string, holder: string, now: string, until: string): Promise<boolean> {
  await db
    .insertInto('job_leases')
    .values({ name, holder: '', until: '1970-01-01T00:00:00.000Z', last_run_at: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const res = await db
    .updateTable('job_leases')
    .set({ holder, until })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('until', '<', now), eb('holder', '=', holder)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.updateTable('job_leases').set({ until: '1970-01-01T00:00:00.000Z' }).where('name', '=', name).where('holder', '=', holder).execute();
}

export async function lastRun(db: Db, name: string): Promise<string | null> {
  const row = await db.selectFrom('job_leases').select('last_run_at').where('name', '=', name).executeTakeFirst();
  return row?.last_run_at ?? null;
}

export async function setLastRun(db: Db, name: string, at: string): Promise<void> {
  await db.updateTable('job_leases').set({ last_run_at: at }).where('name', '=', name).execute();
}

export async function enqueueWebhook(db: Db, w: { event_id: string; payload: string; next_attempt_at: string }): Promise<number | null> {
  return insertOnce(db, 'simulated_webhooks', w, 'event_id');
}

export async function dueWebhooks(db: Db, now: string, limit: number) {
  return db
    .selectFrom('simulated_webhooks')
    .select(['id', 'event_id', 'payload', 'attempts'])
    .where('delivered_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function findWebhook(db: Db, id: number) {
  return db.selectFrom('simulated_webhooks').select(['id', 'event_id', 'payload', 'attempts', 'delivered_at']).where('id', '=', id).executeTakeFirst();
}

export async function markDelivered(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('simulated_webhooks').set({ delivered_at: at }).where('id', '=', id).where('delivered_at', 'is', null).execute();
}

export async function markFailed(db: Db, id: number, nextAttemptAt: string): Promise<void> {
  await db
    .updateTable('simulated_webhooks')
    .set({ attempts: sql`attempts + 1`, next_attempt_at: nextAttemptAt })
    .where('id', '=', id)
    .where('delivered_at', 'is', null)
    .execute();
}
