import { z } from 'zod';
import { stateCode, stateOfCode } from './gst';
import { gstinProblem } from './gstin';

/**
 * The shop's own details, set by the owner in the dashboard (issue 27, decision 049): the seller on
 * invoices and credit notes, the contact details the policy pages show, the return window. The
 * environment's SHOP_* variables are the defaults until the owner saves these.
 */

export const shopSettingsMessages = {
  legalName: 'Enter the legal name of the business (as registered)',
  state: 'Choose the state or union territory the shop is registered in',
  gstinState: (gstinState: string, state: string) => `This GSTIN is registered in ${gstinState} (its first two digits), but the shop's state is ${state}`,
  prefix: 'The invoice prefix is 1 to 3 capital letters or digits (numbers such as RK/26-27/000123 have at most 16 characters)',
  phone: 'Enter a phone number of 8 to 15 digits (spaces, +, - and brackets allowed)',
  email: 'Enter an e-mail address such as orders@example.com',
  returnWindow: 'The return window is a whole number of days from 0 (no returns) to 365',
  saved: 'Shop settings saved. New invoices and credit notes carry them; documents already issued keep theirs.',
} as const;

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** PUT /api/admin/settings (and, with the logo, its answer). Empty GSTIN: not registered under GST. */
export const ShopSettingsInput = z
  .object({
    legalName: z.string({ error: shopSettingsMessages.legalName }).trim().min(1, shopSettingsMessages.legalName).max(200, 'At most 200 characters'),
    address: optionalText(500),
    state: z
      .string({ error: shopSettingsMessages.state })
      .trim()
      .refine((s) => stateCode(s) !== null, shopSettingsMessages.state),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .transform((v) => v.replace(/\s+/g, ''))
      .superRefine((v, ctx) => {
        const problem = v === '' ? null : gstinProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    invoicePrefix: z
      .string({ error: shopSettingsMessages.prefix })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{1,3}$/, shopSettingsMessages.prefix),
    contactPhone: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || (/^[+\d][\d ()-]*$/.test(v) && v.replace(/\D/g, '').length >= 8 && v.replace(/\D/g, '').length <= 15),
        shopSettingsMessages.phone,
      ),
    contactEmail: z.union([z.literal(''), z.email(shopSettingsMessages.email).max(200)], { error: shopSettingsMessages.email }),
    returnWindowDays: z
      .number({ error: shopSettingsMessages.returnWindow })
      .int(shopSettingsMessages.returnWindow)
      .min(0, shopSettingsMessages.returnWindow)
      .max(365, shopSettingsMessages.returnWindow),
  })
  .superRefine((s, ctx) => {
    // A GSTIN belongs to one state: the invoices' place-of-supply rule (CGST+SGST or IGST) depends on it.
    if (s.gstin === '' || stateCode(s.state) === null) return;
    const registered = s.gstin.slice(0, 2);
    if (registered !== stateCode(s.state)) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: shopSettingsMessages.gstinState(stateOfCode(registered) ?? `state ${registered}`, s.state) });
    }
  });
export type ShopSettingsInput = z.infer<typeof ShopSettingsInput>;

/** GET /api/admin/settings: the settings in force, the logo's path (or null) and whether they were saved in the dashboard (else the environment's defaults). */
export const ShopSettingsView = z.object({
  legalName: z.string(),
  address: z.string(),
  state: z.string(),
  gstin: z.string(),
  invoicePrefix: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  returnWindowDays: z.number().int(),
  logo: z.string().nullable(),
  saved: z.boolean(),
});
export type ShopSettingsView = z.infer<typeof ShopSettingsView>;
