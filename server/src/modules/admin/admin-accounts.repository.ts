import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';

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

/**
 * Owners who can still sign in, their rows locked until the transaction ends (PostgreSQL, in the
 * order of their ids; SQLite writes one at a time): a change that could take the last owner away
 * waits for another under way, then reads what it wrote (decision 119).
 */
export async function lockActiveOwners(trx: Db): Promise<string[]> {
  const owners = trx.selectFrom('user').select(['id', 'banned']).where('role', '=', 'admin').where('staffRole', '=', 'owner').orderBy('id');
  const rows = await (isPostgres(trx) ? owners.forNoKeyUpdate() : owners).execute();
  return rows.filter((r) => !r.banned).map((r) => r.id);
}

export interface StaffChange {
  staffRole?: string;
  banned?: boolean;
}

/** Writes a staff account's role or access (better-auth's columns: a flag is 0/1 on SQLite). */
export async function changeStaff(trx: Db, id: string, change: StaffChange): Promise<void> {
  const flag = (on: boolean) => (isPostgres(trx) ? on : Number(on));
  await trx
    .updateTable('user')
    .set({
      ...(change.staffRole !== undefined ? { staffRole: change.staffRole } : {}),
      ...(change.banned !== undefined ? { banned: flag(change.banned) } : {}),
      updatedAt: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}
