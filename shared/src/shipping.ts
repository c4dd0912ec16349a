import { z } from 'zod';
import { PINCODE_PATTERN, shippingMessages } from './delivery';
import { rupeesToPaise } from './money';
import { RupeeSetting } from './money.schemas';
import { COD_OFF, CodSettings, codRulesFromSettings, codSettingsFromRules, type CodRules } from './cod';

/**
 * Shipping charges and pincode serviceability (decision 040). Free unless the owner sets rules:
 * SPEC.md's "Shipping is always 0.00" is what a shop that sets nothing gets.
 */

/** GET /api/shipping/check?pincode= */
export const PincodeQuery = z.object({
  pincode: z.string({ error: shippingMessages.pincodeInvalid }).trim().regex(PINCODE_PATTERN, shippingMessages.pincodeInvalid),
});

/** GET /api/cart?pincode=: the cart priced for delivery to another address's pincode. */
export const CartQuery = PincodeQuery.partial();

export const DeliveryCheck = z.object({
  pincode: z.string(),
  serviceable: z.boolean(),
  /** delivery days as the courier's list gives them ("3-5") */
  days: z.string().optional(),
  /** cash on delivery possible to this pincode */
  cod: z.boolean(),
});
export type DeliveryCheck = z.infer<typeof DeliveryCheck>;

/** A zone name: local, regional, national, special... */
export const Zone = z
  .string({ error: 'Zone is required' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9 _-]{0,29}$/, 'Zone must be 1 to 30 letters, digits, spaces, - or _');

/** Delivery days: "3" or "3-5". */
export const Days = z
  .string()
  .trim()
  .regex(/^\d{1,2}(-\d{1,2})?$/, 'Days must be a number of days or a range such as 3-5');

const MAX_RUPEES = 100_000;
const Rupees = (label: string) => RupeeSetting(label, MAX_RUPEES);

export const MAX_SLAB_GRAMS = 1_000_000;
const ShippingSlab = z.object({
  zone: Zone,
  upToGrams: z
    .number({ error: 'Weight must be a whole number of grams' })
    .int('Weight must be a whole number of grams')
    .min(1, 'Weight must be at least 1 g')
    .max(MAX_SLAB_GRAMS, 'Weight must be at most 1,000,000 g'),
  rate: Rupees('Rate'),
});

/**
 * PUT /api/admin/shipping (and GET's answer), amounts in rupees. null or absent: not set.
 * - freeAbove: orders whose goods (before any coupon) come to this much or more ship free;
 * - slabs: per zone, the rate of the lightest slab the parcel's weight fits in (heavier than every
 *   slab: the heaviest slab's rate); a zone without slabs pays flatRate;
 * - flatRate: the charge where no slab applies (null: free);
 * - defaultZone, defaultDays: what every valid pincode gets while the pincode list is empty;
 * - cod: cash on delivery, off unless enabled (decision 044).
 */
export const ShippingSettings = z
  .object({
    flatRate: Rupees('Flat rate').nullable().default(null),
    freeAbove: Rupees('Free shipping from').nullable().default(null),
    slabs: z.array(ShippingSlab).max(200, 'At most 200 slabs').default([]),
    defaultZone: Zone.default('national'),
    defaultDays: Days.nullable().default(null),
    cod: CodSettings.default(codSettingsFromRules(COD_OFF)),
  })
  .refine((s) => new Set(s.slabs.map((x) => `${x.zone}/${x.upToGrams}`)).size === s.slabs.length, {
    message: 'Each zone may have one slab per weight',
    path: ['slabs'],
  });
export type ShippingSettings = z.infer<typeof ShippingSettings>;

/** How many pincodes of the owner's list are in one zone. */
const ZoneCount = z.object({ zone: z.string(), count: z.number().int() });

/** GET /api/admin/shipping: the settings and what the pincode list holds. */
export const ShippingAdminView = z.object({
  settings: ShippingSettings,
  pincodes: z.object({ count: z.number().int(), zones: z.array(ZoneCount) }),
});
export type ShippingAdminView = z.infer<typeof ShippingAdminView>;

/** POST /api/admin/shipping/pincodes' answer. */
export const PincodeUploadSummary = z.object({
  accepted: z.number().int(),
  rejected: z.number().int(),
  /** the first bad rows (line numbers count the header as line 1) */
  errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  zones: z.array(ZoneCount),
});
export type PincodeUploadSummary = z.infer<typeof PincodeUploadSummary>;

/** The rules in paise, as the server prices with them. */
export interface ShippingRules {
  flatRatePaise: number | null;
  freeAbovePaise: number | null;
  slabs: { zone: string; upToGrams: number; ratePaise: number }[];
  defaultZone: string;
  defaultDays: string | null;
  /** absent in rules saved before cash on delivery existed: off */
  cod?: CodRules;
}

export const FREE_SHIPPING: ShippingRules = { flatRatePaise: null, freeAbovePaise: null, slabs: [], defaultZone: 'national', defaultDays: null, cod: COD_OFF };

export function rulesFromSettings(s: ShippingSettings): ShippingRules {
  const paise = (v: number | null) => (v === null ? null : rupeesToPaise(v.toFixed(2))!);
  return {
    flatRatePaise: paise(s.flatRate),
    freeAbovePaise: paise(s.freeAbove),
    slabs: s.slabs
      .map((x) => ({ zone: x.zone, upToGrams: x.upToGrams, ratePaise: paise(x.rate)! }))
      .sort((a, b) => a.zone.localeCompare(b.zone) || a.upToGrams - b.upToGrams),
    defaultZone: s.defaultZone,
    defaultDays: s.defaultDays,
    cod: codRulesFromSettings(s.cod),
  };
}

export function settingsFromRules(r: ShippingRules): ShippingSettings {
  const rupees = (v: number | null) => (v === null ? null : v / 100);
  return {
    flatRate: rupees(r.flatRatePaise),
    freeAbove: rupees(r.freeAbovePaise),
    slabs: r.slabs.map((x) => ({ zone: x.zone, upToGrams: x.upToGrams, rate: x.ratePaise / 100 })),
    defaultZone: r.defaultZone,
    defaultDays: r.defaultDays,
    cod: codSettingsFromRules(r.cod ?? COD_OFF),
  };
}

/**
 * The shipping charge of an order, in paise: free from `freeAbove` (goods before any coupon: a
 * coupon never costs the shopper free shipping); else the zone's weight slab (the lightest that
 * holds the parcel, the heaviest when none does); else the flat rate; else free.
 */
export function shippingPaise(rules: ShippingRules, order: { goodsPaise: number; weightGrams: number; zone: string }): number {
  if (rules.freeAbovePaise !== null && order.goodsPaise >= rules.freeAbovePaise) return 0;
  const slabs = rules.slabs.filter((s) => s.zone === order.zone).sort((a, b) => a.upToGrams - b.upToGrams);
  if (slabs.length > 0) return (slabs.find((s) => order.weightGrams <= s.upToGrams) ?? slabs[slabs.length - 1]!).ratePaise;
  return rules.flatRatePaise ?? 0;
}
