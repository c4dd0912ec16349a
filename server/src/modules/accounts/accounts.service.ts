import type { Db } from '../../db/database';
import { refuseDuplicate } from '../../db/dialect';
import { normalizePhone, type Me, type UpdateProfileInput } from '@shared/account.schemas';
import { accountMessages } from '@shared/account-messages';
import { customerMessages } from '@shared/customers.schemas';
import { AppError, notFound } from '../../errors';
import { accountRowOfRequest, forgetAccountRowOfRequest } from '../auth/auth.guards';
import * as repo from './accounts.repository';

/** The shopper's row: the one this request's session was read with, else read now. */
async function userRow(db: Db, userId: string) {
  return accountRowOfRequest(userId) ?? (await repo.findUser(db, userId));
}

export async function getMe(db: Db, userId: string): Promise<Me> {
  const u = await userRow(db, userId);
  if (!u) throw notFound(accountMessages.userNotFound, 'user_not_found');
  return meOf(u);
}

/** The shopper placing an order: refused (403) when the shop blocked them (decision 047). */
export async function orderingShopper(db: Db, userId: string): Promise<Me> {
  const u = await userRow(db, userId);
  if (!u) throw notFound(accountMessages.userNotFound, 'user_not_found');
  if (u.banned) throw new AppError('account_blocked', 403, customerMessages.blocked);
  return meOf(u);
}

function meOf(u: NonNullable<Awaited<ReturnType<typeof userRow>>>): Me {
  const username = u.displayUsername ?? u.username ?? u.name;
  return {
    id: u.id,
    name: u.name.trim() || username,
    username,
    email: u.email,
    emailVerified: Boolean(u.emailVerified),
    phone: u.phone ?? '',
    address: u.address ?? '',
    city: u.city ?? '',
    state: u.state ?? '',
    zipCode: u.zipCode ?? '',
  };
}

/**
 * Saves the profile fields (never e-mail or password: those change through
 * their own verified flows). Usernames are unique regardless of case; phones
 * are stored with the +91 prefix, once.
 */
export async function updateProfile(db: Db, userId: string, input: UpdateProfileInput): Promise<Me> {
  const owner = await repo.findUserIdByUsername(db, input.username);
  const taken = () => new AppError('username_taken', 409, accountMessages.usernameTaken, { username: accountMessages.usernameTaken });
  if (owner && owner !== userId) throw taken();
  const update = repo.updateProfile(db, userId, {
    username: input.username.toLowerCase(),
    displayUsername: input.username,
    ...(input.name === undefined ? {} : { name: input.name }),
    phone: normalizePhone(input.phone)!,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
  });
  await refuseDuplicate(update, taken);
  forgetAccountRowOfRequest();
  return getMe(db, userId);
}
