/**
 * The state or union territory a delivery address can be in, from its pincode (decision 111).
 * The place of supply of a tax invoice is where the delivery ends (decision 042): a typed state that
 * the pincode cannot belong to would split the tax wrongly (CGST+SGST for IGST) and misstate GSTR-1.
 *
 * India Post's pincodes start with the postal circle: the first two digits give the state for
 * almost all, three digits where a circle serves several states (the north-eastern 79s) or a range
 * lies in another state (Goa's 403, Sikkim's 737). Where a range's post offices lie in more than
 * one state (Chandigarh's 160 beside Mohali, Puducherry's enclaves), every one of them is listed.
 * A prefix the table does not hold (the Army Postal Service's 9, unassigned ones) names no state.
 * The table was checked against India Post's directory, post office by post office (decision 111).
 * Nothing here refuses an address: the table only decides the place of supply (`placeOfSupply`).
 */
import { stateCode } from './gst';
import prefixes from './pincode-prefixes.json' with { type: 'json' };

/**
 * First two or three digits -> the states (GST names) a pincode starting with them can be in; the
 * longest prefix wins. The table is data (pincode-prefixes.json). A two-digit entry holds for its
 * three-digit prefixes not listed, including those with no post office. Its shared ranges, where the
 * directory has post offices of each state listed: Chandigarh's 160 beside Punjab's Mohali; Kumaon
 * and Garhwal (Uttarakhand since 2000) kept Uttar Pradesh's pincodes, 248, 249 and 263 theirs alone,
 * 244, 246, 247 and 262 shared with western Uttar Pradesh; Diu (362) and Daman, Dadra and Nagar
 * Haveli (396) lie in Gujarat's ranges; the mandals moved from Telangana to Andhra Pradesh in 2014 had
 * Khammam's 507 (India Post has since given them 533 and 534; the old pincodes are still written);
 * Puducherry's enclaves lie in Andhra Pradesh's 533 (Yanam), Tamil Nadu's 605, 607, 609 (Puducherry,
 * Karaikal) and Kerala's 673 (Mahe); Lakshadweep in Kerala's 682; Meghalaya's villages beside Assam
 * (Ri Bhoi, the Garo Hills) are served from Assam's 781-783; Jharkhand kept Bihar's 81-83, and a
 * pincode of each side serves villages across the border (813208 in Jharkhand's Godda, 814131 in
 * Bihar's Banka). Ladakh (2019) is all of 194; the 79s are one circle for six states, one state per
 * three digits.
 */
const PREFIXES: Record<string, readonly string[]> = prefixes;

/** The prefix of the table a pincode falls under (the longest), or null. */
function prefixOf(pincode: string): string | null {
  if (!/^[1-9]\d{5}$/.test(pincode)) return null;
  const three = pincode.slice(0, 3);
  if (three in PREFIXES) return three;
  const two = pincode.slice(0, 2);
  return two in PREFIXES ? two : null;
}

/** The states a pincode can be in, or null when its prefix names none. */
export function statesOfPincode(pincode: string): readonly string[] | null {
  const prefix = prefixOf(pincode.trim());
  return prefix === null ? null : PREFIXES[prefix]!;
}

/**
 * The place of supply of a delivery (decision 111): where the goods' delivery ends, which the
 * courier finds by the pincode. The typed state, when the pincode can be in it, when the pincode's
 * prefix is not in the table, or when the prefix is shared by several states none of which is the
 * typed one (the shopper's word is all there is); the pincode's state when its prefix names exactly
 * one and the typed state is not it (a Delhi pincode typed with "Maharashtra" is supplied to Delhi,
 * "Bombay" with 400001 to Maharashtra). Nothing is refused: the address is kept as typed.
 */
export function placeOfSupply(address: { state: string; zipCode: string }): string {
  const prefix = prefixOf(address.zipCode.trim());
  if (prefix === null) return address.state;
  const [only, ...others] = PREFIXES[prefix]!;
  return others.length === 0 && stateCode(address.state) !== stateCode(only!) ? only! : address.state;
}
