import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../../src/modules/auth/auth';

/**
 * Salted scrypt as the shop uses it, at a small fraction of its cost (decision 077): better-auth's
 * N=16384, r=16 costs about 80 ms of CPU per sign-up or sign-in, and the API tests make thousands of
 * them. What the tests check (a wrong password is refused, a right one accepted, a reset or change
 * takes effect) does not depend on the cost. A hash written at full cost (by a CLI process or an app
 * built without this) is still checked the shop's way.
 */
const PREFIX = 'test-scrypt';
const COST = { N: 1024, r: 1, p: 1 };

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, 64, COST, (err, key) => (err ? reject(err) : resolve(key))));
}

export const quickPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${PREFIX}:${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [prefix, salt, key] = hash.split(':');
    if (prefix !== PREFIX || !salt || !key) return verifyPassword({ hash, password });
    return timingSafeEqual(await derive(password, salt), Buffer.from(key, 'hex'));
  },
};
