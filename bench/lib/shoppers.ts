import type { Kysely } from 'kysely';
import type { Database } from '../../server/src/db/schema';
import type { ShopServer } from './server-process';

/** A JSON request to the shop as a shopper (its session cookie, the shop's own Origin); throws on a status that is not 2xx. */
export async function call(shop: ShopServer, method: string, url: string, cookie: string, body?: unknown) {
  const res = await fetch(`${shop.url}${url}`, {
    method,
    headers: { origin: shop.url, cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * `count` shoppers signed up through the real API, their e-mail verified by the link in the outbox
 * (it keeps the text of a mail it sent too; `db` is the bench's view of the shop's database), then
 * signed in: their session cookies. `prefix` names them.
 */
export async function signedInShoppers(shop: ShopServer, db: Kysely<Database>, count: number, prefix = 'bench'): Promise<string[]> {
  const origin = shop.url;
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}${Date.now().toString(36)}${i}@example.com`;
    const details = {
      email,
      password: 'correct-horse-1',
      name: `${prefix}_${i}`,
      username: `${prefix}_${Date.now().toString(36)}_${i}`,
      phone: '9876543210',
      address: '12 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '411001',
    };
    await call(shop, 'POST', '/api/auth/sign-up/email', '', details);
    const mail = await db.selectFrom('outbox').select('text_body').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const token = decodeURIComponent(/\/verify-email\?token=([^\s&]+)/.exec(mail.text_body)![1]!);
    await fetch(`${shop.url}/api/auth/verify-email?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
    const res = await fetch(`${shop.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: details.password }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }
  return cookies;
}
