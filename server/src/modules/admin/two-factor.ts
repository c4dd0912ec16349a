import type { App } from '../../app-types';
import { AppError } from '../../errors';
import { twoFactorMessages, type TwoFactorEnrolment } from '@shared/two-factor.schemas';
import { CLIENT_IP_HEADER } from '../auth/auth';
import { staffSessionMessages } from '@shared/staff-sessions.schemas';
import { staffPolicy } from '../settings/staff-policy.service';
import { adminMessages, type Admin } from './admin-access';
import { turnOffTwoFactor } from './admin-accounts.service';

/**
 * Two-factor sign-in for admins, on better-auth's two-factor plugin (TOTP and
 * ten one-time recovery codes). The plugin keeps the pending sign-in in a signed
 * cookie; the SPEC login answers tokens, not cookies, so that cookie travels
 * as the opaque `challenge` (decision 041).
 */

const invalidCode = () => new AppError('two_factor_invalid', 401, twoFactorMessages.invalidCode);

/** The challenge of a sign-in that needs its second step: the plugin's cookie, name and value, base64url. */
export function twoFactorChallenge(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => /^(__Secure-)?[\w.-]*two_factor=/.test(c));
  if (!cookie) throw new AppError('admin_login_failed', 401, adminMessages.invalidLogin);
  return Buffer.from(cookie.split(';')[0]!, 'utf8').toString('base64url');
}

/** The cookie a challenge stands for; anything else is an invalid code. */
function challengeCookie(challenge: string): string {
  const cookie = Buffer.from(challenge, 'base64url').toString('utf8');
  if (!/^(__Secure-)?[\w.-]*two_factor=[^;\s]+$/.test(cookie)) throw invalidCode();
  return cookie;
}

/** Completes a sign-in with a TOTP code (6 digits) or a recovery code: the admin's token and username. */
export async function completeTwoFactor(
  app: App,
  challenge: string,
  code: string,
  ip: string,
  userAgent?: string,
): Promise<{ token: string; username: string }> {
  const headers = new Headers({
    cookie: challengeCookie(challenge),
    [CLIENT_IP_HEADER]: ip,
    origin: app.config.publicUrl,
    ...(userAgent ? { 'user-agent': userAgent } : {}),
  });
  let res: Response;
  try {
    res = /^\d{6}$/.test(code)
      ? await app.auth.api.verifyTOTP({ body: { code }, headers, asResponse: true })
      : await app.auth.api.verifyBackupCode({ body: { code }, headers, asResponse: true });
  } catch {
    throw invalidCode();
  }
  const token = res.headers.get('set-auth-token');
  const body = (await res.json().catch(() => null)) as { user?: { role?: string; username?: string; name?: string } } | null;
  if (!res.ok || !token) throw invalidCode();
  if (body?.user?.role !== 'admin') {
    await app.auth.api.signOut({ headers: new Headers({ authorization: `Bearer ${token}` }) }).catch(() => {});
    throw new AppError('admin_login_failed', 401, adminMessages.invalidLogin);
  }
  return { token, username: body.user.username ?? body.user.name ?? '' };
}

const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });

/** Starts enrolment after checking the password: the secret, its QR code and ten recovery codes. Not on until confirmed. */
export async function enrolTwoFactor(app: App, token: string, password: string): Promise<TwoFactorEnrolment> {
  let answer: { totpURI?: string; backupCodes?: string[] };
  try {
    answer = (await app.auth.api.enableTwoFactor({ body: { password }, headers: bearer(token) })) as typeof answer;
  } catch {
    throw new AppError('two_factor_password', 400, twoFactorMessages.enrolFailed, { password: twoFactorMessages.enrolFailed });
  }
  const totpURI = answer.totpURI ?? '';
  return {
    secret: new URL(totpURI).searchParams.get('secret') ?? '',
    totpURI,
    // qrcode (and its PNG encoder) loaded by the first enrolment, not at start (decision 060).
    qr: await (await import('qrcode')).default.toDataURL(totpURI, { margin: 1, width: 220 }),
    backupCodes: answer.backupCodes ?? [],
  };
}

/** A code from the app checked by the plugin for a signed-in admin; 401 when it is wrong. */
async function checkCode(app: App, token: string, code: string): Promise<Response> {
  let res: Response;
  try {
    res = await app.auth.api.verifyTOTP({ body: { code }, headers: bearer(token), asResponse: true });
  } catch {
    throw invalidCode();
  }
  if (!res.ok) throw invalidCode();
  return res;
}

/** Confirms enrolment with a code from the app; better-auth replaces the session, so the answer is the new token. */
export async function confirmTwoFactor(app: App, token: string, code: string): Promise<{ token: string }> {
  const res = await checkCode(app, token, code);
  return { token: res.headers.get('set-auth-token') ?? token };
}

/** Whether the admin has two-factor sign-in on, and whether the owner requires it (the dashboard then asks them to set it up first). */
export async function twoFactorStatus(app: App, admin: Admin): Promise<{ enabled: boolean; required: boolean }> {
  return { enabled: admin.twoFactor, required: (await staffPolicy(app.db, app.config.staffPolicy)).requireTwoFactor };
}

/**
 * Turns the admin's own two-factor sign-in off with a current code from the app
 * (a stolen token alone cannot); refused while the owner requires it.
 */
export async function disableTwoFactor(app: App, admin: Admin, token: string, code: string): Promise<void> {
  const { enabled, required } = await twoFactorStatus(app, admin);
  if (!enabled) throw new AppError('two_factor_not_on', 409, staffSessionMessages.twoFactorNotOn);
  if (required) throw new AppError('two_factor_required', 409, staffSessionMessages.twoFactorStillRequired);
  // Once it is on, the plugin checks the code of a signed-in admin and changes nothing.
  await checkCode(app, token, code);
  await turnOffTwoFactor(app.auth, admin.id);
}
