import { statesOfPincode } from '@shared/pincode-states';
import type { TestShop } from './test-app';

/** Acting as a shopper through the real auth endpoints, the way the web app does. */
export const ORIGIN = 'http://shop.test';

let counter = 0;

/** A pincode of each state the tests sign shoppers up in: an address's state must be one its pincode can be in (decision 111). */
const PINCODE_OF_STATE: Record<string, string> = {
  Maharashtra: '411001',
  Karnataka: '560001',
  Gujarat: '380001',
  Delhi: '110001',
  'Tamil Nadu': '600001',
  'West Bengal': '700001',
  Kerala: '682001',
  Goa: '403001',
  Telangana: '500001',
};

export function shopperDetails(overrides: Record<string, unknown> = {}) {
  const n = `${Date.now().toString(36)}${++counter}`;
  const zip = typeof overrides.zipCode === 'string' ? overrides.zipCode : undefined;
  const state = typeof overrides.state === 'string' ? overrides.state : ((zip && statesOfPincode(zip)?.[0]) ?? 'Maharashtra');
  return {
    email: `shopper${n}@example.com`,
    password: 'correct-horse-1',
    name: `shopper_${n}`,
    username: `shopper_${n}`,
    phone: '9876543210',
    address: '12 MG Road',
    city: 'Pune',
    state,
    zipCode: PINCODE_OF_STATE[state] ?? '411001',
    ...overrides,
  };
}

export function post(shop: TestShop, url: string, body: unknown, cookie?: string) {
  return shop.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The cookie header a browser would send back after this answer. */
export function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((c: string) => c.split(';')[0]).join('; ');
}

export async function latestMail(shop: TestShop, to: string) {
  return shop.db.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirst();
}

export async function mailCount(shop: TestShop, to: string): Promise<number> {
  const rows = await shop.db.selectFrom('outbox').select('id').where('to_address', '=', to).execute();
  return rows.length;
}

/** The token of the shop link (verify-email or reset-password) in a mail's text. */
export function linkToken(text: string, page: 'verify-email' | 'reset-password'): string {
  const match = new RegExp(`/${page}\\?token=([^\\s&]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in: ${text}`);
  return decodeURIComponent(match[1]);
}

/** Signs up, follows the verification mail and signs in; answers the details and the session cookie. */
export async function verifiedShopper(shop: TestShop, overrides: Record<string, unknown> = {}) {
  const details = shopperDetails(overrides);
  const signUp = await post(shop, '/api/auth/sign-up/email', details);
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const mail = await latestMail(shop, details.email);
  const verify = await shop.app.inject(`/api/auth/verify-email?token=${encodeURIComponent(linkToken(mail!.text_body, 'verify-email'))}`);
  if (verify.statusCode !== 200) throw new Error(`verification failed: ${verify.body}`);
  const signIn = await post(shop, '/api/auth/sign-in/email', { email: details.email, password: details.password });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  return { ...details, cookie: cookieFrom(signIn) };
}

/** The text of the mail of this kind to `to` (the first, when there are several). */
export async function mailText(shop: TestShop, to: string, kind: string): Promise<string> {
  const mail = await shop.db
    .selectFrom('outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .where('kind', '=', kind)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return mail.text_body;
}
