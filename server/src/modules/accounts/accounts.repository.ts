import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';

// Compiled once: every checkout reads the shopper's address.
const userById = compiledOnce((db, id: string) =>
  db
    .selectFrom('user')
    .select(['id', 'email', 'emailVerified', 'username', 'displayUsername', 'name', 'phone', 'address', 'city', 'state', 'zipCode', 'banned'])
    .where('id', '=', id),
);

export async function findUser(db: Db, id: string) {
  return (await userById(db, id)).rows[0];
}

export async function findUserIdByUsername(db: Db, username: string) {
  const row = await db.selectFrom('user').select('id').where('username', '=', username.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

export interface ProfileRow {
  username: string;
  displayUsername: string;
  name?: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
}

export async function updateProfile(db: Db, id: string, profile: ProfileRow): Promise<void> {
  await db
    .updateTable('user')
    .set({ ...profile, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}
