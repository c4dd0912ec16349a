import { z } from 'zod';

/**
 * Fields that mean the same thing in many answers, named once so that the API's consumers and the
 * OpenAPI document (/api/docs) see what they are (decision 083). They document; they check no more
 * than `z.string()` did: the response serializer validates every answer, and a stricter check would
 * turn an odd stored value into a 500 instead of an answer. A field is typed with one of these only
 * where the server makes every value of it that way (server/test/answer-fields.test.ts holds the
 * answers to it on both databases).
 */

/**
 * A moment in time as ISO 8601 text in UTC, as `Date.prototype.toISOString()` writes it
 * (2026-11-27T10:15:00.000Z). A column the database fills with CURRENT_TIMESTAMP (SQLite writes
 * `2026-11-27 10:15:00`, no zone) is one once its service gives it through `instantOf` (server/src/db/rows.ts,
 * decision 087).
 */
export const Instant = z.string().meta({ format: 'date-time', description: 'An instant, ISO 8601 in UTC (2026-11-27T10:15:00.000Z)' });

/** An e-mail address, as checked by the form (or the legacy import) that took it. */
export const EmailAddress = z.string().meta({ format: 'email', description: 'An e-mail address' });

/** An order's ID as the shopper sees it and the addresses take it (decision 083). */
export const OrderCode = z.string().meta({ description: "An order's ID: RK and six digits (RK000123), or the original shop's ID of an imported order" });
