import sharp from 'sharp';
import { ensureFirstAdmin } from '../../src/modules/admin/admin-accounts.service';
import type { TestShop } from './test-app';

export const ADMIN_PASSWORD = 'test-admin-password-1';

/** Creates the first admin as a start does (ADMIN_PASSWORD must be set on the shop) and signs in. */
export async function adminToken(shop: TestShop): Promise<string> {
  await ensureFirstAdmin(shop.app.auth, shop.db, shop.config, shop.app.log);
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/adminlogin',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return res.json().token as string;
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shoptest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename ? `\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function png(color = '#ff6600', size = 32): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Requests with the admin's bearer token. */
export function asAdmin(shop: TestShop, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const json = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown) =>
    shop.app.inject({ method, url, headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  return {
    get: (url: string) => shop.app.inject({ method: 'GET', url, headers: auth }),
    delete: (url: string) => shop.app.inject({ method: 'DELETE', url, headers: auth }),
    post: (url: string, body: unknown) => json('POST', url, body),
    put: (url: string, body: unknown) => json('PUT', url, body),
    patch: (url: string, body: unknown) => json('PATCH', url, body),
    form: (method: 'POST' | 'PATCH', url: string, parts: Part[]) => {
      const { payload, headers } = multipart(parts);
      return shop.app.inject({ method, url, headers: { ...auth, ...headers }, payload });
    },
  };
}

/**
 * JSON POSTs to `url`, each from its own address under `prefix` ("10.47"), as many clients send them:
 * the staff sign-in steps allow 10 a minute from one address. `headers` are added to the JSON one.
 */
function fromOwnAddresses(prefix: string, url: string) {
  let sent = 0;
  return (shop: TestShop, body: unknown, headers: Record<string, string> = {}) =>
    shop.app.inject({
      method: 'POST',
      url,
      remoteAddress: `${prefix}.${Math.floor(++sent / 250)}.${sent % 250}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
}

/** Staff sign-ins (POST /api/adminlogin), each from its own address under `prefix`. */
export function staffSignIns(prefix: string) {
  const send = fromOwnAddresses(prefix, '/api/adminlogin');
  return (shop: TestShop, username: string, password: string, headers: Record<string, string> = {}) => send(shop, { username, password }, headers);
}

/** Second sign-in steps (POST /api/adminlogin/2fa: the challenge and a code), each from its own address under `prefix`. */
export function staffSecondSteps(prefix: string) {
  const send = fromOwnAddresses(prefix, '/api/adminlogin/2fa');
  return (shop: TestShop, challenge: string, code: string) => send(shop, { challenge, code });
}

/** Text fields of a multipart form, in order, as a browser's FormData sends inputs. */
export function fields(values: Record<string, string>): Part[] {
  return Object.entries(values).map(([name, value]) => ({ name, value }));
}

/** An admin list's count headers, [x-total-count, x-total-count-capped]: the count, and 'true' where it stopped counting. */
export function countOf(res: { headers: Record<string, unknown> }): unknown[] {
  return [res.headers['x-total-count'], res.headers['x-total-count-capped']];
}
