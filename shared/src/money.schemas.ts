import { z } from 'zod';
import { formatRupees, rupeesToPaise } from './money';

/**
 * The rupee amounts of the API's forms (money.ts: rupees at the edges, whole paise inside): one rule
 * and one wording wherever the same kind of amount is asked for.
 */

/** An amount the owner sets (a shipping rate, a COD fee or limit): 0 or more, at most `max` rupees. `label` names it in the messages. */
export const RupeeSetting = (label: string, max: number) =>
  z
    .number({ error: `${label} must be an amount in rupees` })
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be at most ${formatRupees(max).replace(/\.00$/, '')}`)
    .refine((v) => rupeesToPaise(v) !== null, `${label} may have at most 2 decimals`);

/** Money paid or paid back (a refund, the cash a courier collected): more than ₹0, at most `max` rupees. */
export const PaymentAmount = (max: number) =>
  z
    .number({ error: 'Amount must be a number of rupees' })
    .positive('Amount must be more than ₹0')
    .max(max, 'Amount is larger than any order')
    .refine((v) => rupeesToPaise(v) !== null, 'Amount may have at most 2 decimals');
