import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The shop keeps mail in its `outbox` table when no SMTP server is set up;
 * the tests read it straight from the server's SQLite file (read-only) to
 * follow the links a shopper would get by mail.
 */

type Mail = { id: number; to_address: string; subject: string; text_body: string };
export type MailLinkPage = 'verify-email' | 'reset-password';

function dbFile(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dir, 'shop.sqlite');
}

/** The newest mail to an address, if any. */
function latestMailTo(address: string): Mail | undefined {
  const db = new Database(dbFile(), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT id, to_address, subject, text_body FROM outbox WHERE lower(to_address) = lower(?) ORDER BY id DESC LIMIT 1').get(address) as
      Mail | undefined;
  } finally {
    db.close();
  }
}

/** The mails of one kind (e.g. 'receipt') sent to an address, oldest first. */
export function mailsOfKind(address: string, kind: string): { id: number; subject: string; text_body: string }[] {
  const db = new Database(dbFile(), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT id, subject, text_body FROM outbox WHERE lower(to_address) = lower(?) AND kind = ? ORDER BY id').all(address, kind) as {
      id: number;
      subject: string;
      text_body: string;
    }[];
  } finally {
    db.close();
  }
}

/** Id of the newest mail to an address (0 if none), to wait for a newer one. */
export function lastMailId(address: string): number {
  return latestMailTo(address)?.id ?? 0;
}

/**
 * Waits for a mail to `address` newer than `afterId` holding a link to a shop
 * page, and returns that link as a path of the shop (e.g. /verify-email?token=…).
 */
export async function waitForMailLink(address: string, page: MailLinkPage, afterId = 0): Promise<string> {
  const pattern = new RegExp(`/${page}\\?token=([^\\s"'<>&]+)`);
  let link = '';
  await expect
    .poll(
      () => {
        const mail = latestMailTo(address);
        const match = mail && mail.id > afterId ? pattern.exec(mail.text_body) : null;
        link = match ? `/${page}?token=${match[1]}` : '';
        return link;
      },
      { message: `a ${page} mail to ${address}`, timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

/** A name unique to this run, for emails and usernames. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export type Shopper = { email: string; username: string; password: string };

/** Signs a shopper up through the API, without following the verification mail. */
export async function signUpShopper(request: APIRequestContext, prefix = 'shopper'): Promise<Shopper> {
  const username = uniqueName(`${prefix}_`);
  const shopper = { email: `${username}@example.com`, username, password: 'kit-builder-42' };
  const res = await request.post('/api/auth/sign-up/email', {
    data: {
      ...shopper,
      name: username,
      phone: '9876543210',
      address: '12 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '411001',
      callbackURL: '/',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return shopper;
}

/** Signs a shopper up and verifies the email through the API. */
export async function verifiedShopper(request: APIRequestContext, prefix = 'shopper'): Promise<Shopper> {
  const shopper = await signUpShopper(request, prefix);
  const link = await waitForMailLink(shopper.email, 'verify-email');
  const token = new URL(link, 'http://shop').searchParams.get('token') ?? '';
  const res = await request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(res.ok(), await res.text()).toBe(true);
  return shopper;
}
