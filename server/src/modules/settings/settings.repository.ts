import type { Db } from '../../db/database';

/**
 * A setting the shop makes for itself once (a secret, say) and every app
 * server then reads from the database: the first writer wins.
 */
export async function getOrCreateSetting(db: Db, name: string, make: () => string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ name, value: make() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

export async function readSetting(db: Db, name: string): Promise<string | undefined> {
  return (await db.selectFrom('app_settings').select('value').where('name', '=', name).executeTakeFirst())?.value;
}

export async function writeSetting(db: Db, name: string, value: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

/** The values of these settings that are set, in one query. */
export async function readSettings(db: Db, names: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('app_settings')
    .select(['name', 'value'])
    .where('name', 'in', [...names])
    .execute();
  return new Map(rows.map((r) => [r.name, r.value]));
}
