/**
 * npm run admin -- create <username> [--password P] [--email E] [--role R]
 * npm run admin -- reset-password <username> [--password P]
 * npm run admin -- unlock <username|email>
 *
 * Manages admin accounts from the server's command line. Without --password a
 * strong one is generated and printed once. reset-password also signs the admin
 * out everywhere. unlock lifts the sign-in lock of any account (admin or
 * shopper) that ten failed sign-ins put on it. create makes an owner unless
 * --role names another staff role (shared/src/staff-roles.ts).
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db/database';
import { createAdmin, generatePassword, resetAdminPassword } from '../modules/admin/admin-accounts.service';
import { unlockAccount } from '../modules/auth/sign-in-guard';
import { createStorage } from '../storage/create-storage';
import { STAFF_ROLES, StaffRole } from '@shared/staff-roles';

const usage = [
  'Usage: npm run admin -- create <username> [--password P] [--email E] [--role owner|catalogue|fulfilment|support|accounts]',
  '       npm run admin -- reset-password <username> [--password P]',
  '       npm run admin -- unlock <username|email>',
].join('\n');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { password: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
});
const [command, username] = positionals;
if ((command !== 'create' && command !== 'reset-password' && command !== 'unlock') || !username) {
  console.error(usage);
  process.exit(2);
}
if (command === 'unlock') await unlock(username);
if (!/^[A-Za-z0-9_.]{3,30}$/.test(username)) {
  console.error('The username must be 3-30 letters, digits, dots or underscores.');
  process.exit(2);
}
if (values.password !== undefined && values.password.length < 10) {
  console.error('The password must be at least 10 characters.');
  process.exit(2);
}
const role = StaffRole.safeParse(values.role ?? 'owner');
if (!role.success) {
  console.error(`The role must be one of ${STAFF_ROLES.join(', ')}.`);
  process.exit(2);
}
const password = values.password ?? generatePassword();
const config = loadConfig();
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  const app = await buildApp({ config: { ...config, logLevel: 'warn' }, db, storage: createStorage(config) });
  try {
    if (command === 'create') await createAdmin(app.auth, db, username, password, values.email, role.data);
    else await resetAdminPassword(app.auth, db, username, password);
    console.log(
      command === 'create' ? `Created the admin "${username}" (${role.data}).` : `Set a new password for "${username}" and signed them out everywhere.`,
    );
    if (!values.password) console.log(`Password (shown once): ${password}`);
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  } finally {
    await app.close();
  }
} finally {
  await db.destroy();
}

/** Lifts the sign-in lock of the account with this username or e-mail address; needs the database only. */
async function unlock(identifier: string): Promise<never> {
  const config = loadConfig();
  const db = createDb(config.database);
  let code = 0;
  try {
    await migrateToLatest(db);
    if (await unlockAccount(db, identifier)) console.log(`Lifted the sign-in lock of "${identifier}": it may sign in again from any address.`);
    else {
      console.error(`No account has the username or e-mail address "${identifier}".`);
      code = 1;
    }
  } catch (err) {
    console.error((err as Error).message);
    code = 1;
  } finally {
    await db.destroy();
  }
  process.exit(code);
}
