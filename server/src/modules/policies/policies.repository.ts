import type { Db } from '../../db/database';

export async function allPolicies(db: Db) {
  return db.selectFrom('policies').select(['slug', 'markdown', 'updated_at']).execute();
}

export async function policyOf(db: Db, slug: string) {
  return db.selectFrom('policies').select(['markdown', 'updated_at']).where('slug', '=', slug).executeTakeFirst();
}

export async function savePolicy(db: Db, slug: string, markdown: string): Promise<void> {
  const updated_at = new Date().toISOString();
  await db
    .insertInto('policies')
    .values({ slug, markdown, updated_at })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ markdown, updated_at }))
    .execute();
}

export async function deletePolicy(db: Db, slug: string): Promise<void> {
  await db.deleteFrom('policies').where('slug', '=', slug).execute();
}
