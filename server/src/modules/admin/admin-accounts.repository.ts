import type { Db } from '../../db/database';

/** Admins are better-auth users with the admin role, who sign in with their username. */
export async function findAdmin(db: Db, username: string) {
  return db
    .selectFrom('user')
    .select(['id', 'username', 'role'])
    .where('username', '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function countAdmins(db: Db): Promise<number> {
  const rows = await db.selectFrom('user').select('id').where('role', '=', 'admin').execute();
  return rows.length;
}
