import { z } from 'zod';
import { EmailAddress, Instant } from './fields.schemas';

export const notifyMessages = {
  /** the one answer to a good address, new or already listed: the form tells no one who is on the list */
  added: "Thanks! We will email you when it's ready.",
  invalidEmail: 'Enter a valid email address',
} as const;

/** POST /api/notify: the coming-soon page's Notify Me form. */
export const NotifyInput = z.object({
  email: z.string({ error: notifyMessages.invalidEmail }).trim().max(254, notifyMessages.invalidEmail).pipe(z.email(notifyMessages.invalidEmail)),
});

export const NotifySignup = z.object({ id: z.number().int(), email: EmailAddress, createdAt: Instant });
export type NotifySignup = z.infer<typeof NotifySignup>;

export const NOTIFY_PAGE_SIZE = 50;
