import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickPasswordHashing } from './helpers/quick-password-hashing';
import { post, shopperDetails, verifiedShopper } from './helpers/shoppers';
import { startTestShop, type TestShop } from './helpers/test-app';

/** The hash stored for a shopper's password (better-auth's credential account). */
async function storedHash(shop: TestShop, email: string): Promise<string> {
  const { rows } = await sql<{ password: string }>`
    select a.password from account a join "user" u on u.id = a."userId" where u.email = ${email} and a."providerId" = 'credential'
  `.execute(shop.db);
  return rows[0]!.password;
}

describe("the tests' cheap password hashing (decision 077)", () => {
  it('accepts the right password and refuses a wrong one, and still checks a hash made at full cost', async () => {
    const hash = await quickPasswordHashing.hash('correct-horse-1');
    expect(await quickPasswordHashing.verify({ hash, password: 'correct-horse-1' })).toBe(true);
    expect(await quickPasswordHashing.verify({ hash, password: 'correct-horse-2' })).toBe(false);
    expect(await quickPasswordHashing.hash('correct-horse-1')).not.toBe(hash);
    const full = await hashPassword('written by the CLI');
    expect(await quickPasswordHashing.verify({ hash: full, password: 'written by the CLI' })).toBe(true);
    expect(await quickPasswordHashing.verify({ hash: full, password: 'something else' })).toBe(false);
  });
});

describe("password hashing of a shop built without the tests' option", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop('sqlite', {}, { fullCostPasswords: true });
  });
  afterAll(() => shop.close());

  it("stores better-auth's full-cost scrypt hash and signs in with it", async () => {
    const s = await verifiedShopper(shop);
    const hash = await storedHash(shop, s.email);
    expect(await verifyPassword({ hash, password: s.password })).toBe(true);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const wrong = await post(shop, '/api/auth/sign-in/email', { email: s.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
  });

  it('hashes with the cheap scheme in a shop the tests start as usual', async () => {
    const other = await startTestShop('sqlite');
    try {
      const details = shopperDetails();
      expect((await post(other, '/api/auth/sign-up/email', details)).statusCode).toBe(200);
      expect(await storedHash(other, details.email)).toMatch(/^test-scrypt:/);
    } finally {
      await other.close();
    }
  });
});
