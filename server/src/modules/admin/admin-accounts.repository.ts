import type { Db } from '../../db/database';

/** Admins are better-auth users with the admin role, who sign in with their username. */
export async function findAdmin(db: Db, username: string) {
  return db.selectFrom('user').select(['id', 'username', 'role']).where('username', '=', username.toLowerCase()).executeTakeFirst();
}

export async function countAdmins(db: Db): Promise<number> {
  const rows = await db.selectFrom('user').select('id').where('role', '=', 'admin').execute();
  return rows.length;
}

/** Admins from before staff roles (decision 041) are owners. */
export async function promoteLegacyAdmins(db: Db): Promise<void> {
  await db.updateTable('user').set({ staffRole: 'owner' }).where('role', '=', 'admin').where('staffRole', 'is', null).execute();
}

const staffColumns = ['id', 'username', 'displayUsername', 'email', 'staffRole', 'banned', 'twoFactorEnabled', 'createdAt'] as const;

export async function listStaff(db: Db) {
  return db.selectFrom('user').select(staffColumns).where('role', '=', 'admin').orderBy('createdAt').orderBy('id').execute();
}

export async function findStaff(db: Db, id: string) {
  return db.selectFrom('user').select(staffColumns).where('role', '=', 'admin').where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('user').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Owners who can still sign in. */
export async function activeOwnerIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('user').select(['id', 'banned']).where('role', '=', 'admin').where('staffRole', '=', 'owner').execute();
  return rows.filter((r) => !r.banned).map((r) => r.id);
}
