import type { Db } from '../../db/database';
import { AppError, badRequest } from '../../errors';
import { PINCODE_PATTERN, shippingMessages } from '@shared/delivery';
import {
  FREE_SHIPPING,
  rulesFromSettings,
  settingsFromRules,
  shippingPaise,
  type DeliveryCheck,
  type PincodeUploadSummary,
  type ShippingAdminView,
  type ShippingRules,
  type ShippingSettings,
} from '@shared/shipping';
import { COD_OFF, type CodRules } from '@shared/cod';
import { MAX_PINCODE_ROWS, parsePincodeCsv } from './pincode-csv';
import * as repo from './shipping.repository';

/** Bad rows listed in an upload's summary (all are counted). */
const MAX_ERRORS_LISTED = 200;

/**
 * The owner's rules and whether a pincode list is loaded, read afresh in one statement (decision 088):
 * every server sees an admin's change on its next request. (They were kept per server under the
 * public cache's version, decision 044; every checkout bumps that version, so a cart nearly always
 * read the version and then the rules: two statements where this is one.)
 */
async function currentRules(db: Db): Promise<{ rules: ShippingRules; listed: boolean }> {
  const { rules, listed } = await repo.findRulesAndListed(db);
  return { rules: rules ? (JSON.parse(rules) as ShippingRules) : FREE_SHIPPING, listed };
}

interface Place {
  pincode: string;
  serviceable: boolean;
  zone: string;
  days: string | null;
  /** the pincode allows cash on delivery (offered when the owner enables COD) */
  codAllowed: boolean;
}

/**
 * Where a (valid) pincode stands: listed, or every pincode at the default zone while the list is
 * empty (then COD is allowed everywhere the owner enables it: there is no courier list to say
 * otherwise, decision 044).
 */
async function placeOf(db: Db, pincode: string, rules: ShippingRules, listed: boolean): Promise<Place> {
  if (!listed) return { pincode, serviceable: true, zone: rules.defaultZone, days: rules.defaultDays, codAllowed: true };
  const row = await repo.findPincode(db, pincode);
  if (!row) return { pincode, serviceable: false, zone: rules.defaultZone, days: null, codAllowed: false };
  return { pincode, serviceable: true, zone: row.zone, days: row.days, codAllowed: Boolean(row.cod) };
}

function asCheck(place: Place, cod: CodRules): DeliveryCheck {
  return {
    pincode: place.pincode,
    serviceable: place.serviceable,
    ...(place.serviceable && place.days ? { days: place.days } : {}),
    cod: cod.enabled && place.serviceable && place.codAllowed,
  };
}

const codOf = (rules: ShippingRules): CodRules => rules.cod ?? COD_OFF;

/** GET /api/shipping/check: whether the shop delivers to a pincode, in how many days, and whether COD is possible. */
export async function checkPincode(db: Db, pincode: string): Promise<DeliveryCheck> {
  const { rules, listed } = await currentRules(db);
  return asCheck(await placeOf(db, pincode, rules, listed), codOf(rules));
}

export interface Quote {
  place: Place;
  check: DeliveryCheck;
  shippingPaise: number;
  /** the owner's cash-on-delivery rules (off unless enabled), in paise, read with the shipping rules */
  cod: CodRules;
}

/**
 * The shipping of an order of `goodsPaise` (before any coupon) weighing `weightGrams` to a pincode,
 * priced from the owner's rules in the database. null when the pincode is not a valid pincode.
 */
export async function quote(db: Db, order: { pincode: string | null | undefined; goodsPaise: number; weightGrams: number }): Promise<Quote | null> {
  const pincode = order.pincode?.trim() ?? '';
  if (!PINCODE_PATTERN.test(pincode)) return null;
  const { rules, listed } = await currentRules(db);
  const place = await placeOf(db, pincode, rules, listed);
  const cod = codOf(rules);
  return {
    place,
    check: asCheck(place, cod),
    cod,
    shippingPaise: place.serviceable ? shippingPaise(rules, { goodsPaise: order.goodsPaise, weightGrams: order.weightGrams, zone: place.zone }) : 0,
  };
}

/**
 * Checkout's quote: refuses (400) a delivery pincode that is not valid and (409) one the shop does
 * not deliver to, with a message that says what to do.
 */
export async function quoteForCheckout(db: Db, order: { pincode: string | null | undefined; goodsPaise: number; weightGrams: number }): Promise<Quote> {
  const q = await quote(db, order);
  if (!q) throw badRequest(shippingMessages.checkoutPincodeInvalid, 'pincode_invalid');
  if (!q.place.serviceable) throw new AppError('not_serviceable', 409, shippingMessages.checkoutNotServiceable(q.place.pincode));
  return q;
}

/** GET /api/admin/shipping */
export async function adminView(db: Db): Promise<ShippingAdminView> {
  const [{ rules }, zones] = await Promise.all([currentRules(db), repo.countByZone(db)]);
  return { settings: settingsFromRules(rules), pincodes: { count: zones.reduce((a, z) => a + z.count, 0), zones } };
}

/** PUT /api/admin/shipping: the rules replace the old ones. */
export async function saveSettings(db: Db, settings: ShippingSettings): Promise<ShippingAdminView> {
  await repo.saveRules(db, JSON.stringify(rulesFromSettings(settings)));
  return adminView(db);
}

/**
 * POST /api/admin/shipping/pincodes: the courier's list replaces the old one in one transaction
 * (good rows; bad rows are reported with their line numbers). A file with no good row changes
 * nothing (400).
 */
export async function uploadPincodes(db: Db, csv: string): Promise<PincodeUploadSummary> {
  const parsed = parsePincodeCsv(csv);
  if ('headerError' in parsed) throw badRequest(parsed.headerError, 'csv_header');
  if (parsed.rows.length + parsed.errors.length > MAX_PINCODE_ROWS) {
    throw badRequest(`A list may have at most ${MAX_PINCODE_ROWS.toLocaleString('en-IN')} pincodes`, 'csv_too_long');
  }
  if (parsed.rows.length === 0) {
    throw new AppError('csv_no_rows', 400, 'The file has no valid pincode row; the list was not changed', {
      ...Object.fromEntries(parsed.errors.slice(0, 20).map((e) => [`line ${e.line}`, e.reason])),
    });
  }
  await db.transaction().execute((trx) => repo.replacePincodes(trx, parsed.rows));
  return { accepted: parsed.rows.length, rejected: parsed.errors.length, errors: parsed.errors.slice(0, MAX_ERRORS_LISTED), zones: await repo.countByZone(db) };
}

/** DELETE /api/admin/shipping/pincodes: back to serving every valid pincode at the default zone. */
export async function clearPincodes(db: Db): Promise<ShippingAdminView> {
  await db.transaction().execute((trx) => repo.replacePincodes(trx, []));
  return adminView(db);
}
