/**
 * The state or union territory a delivery address can be in, from its pincode (decision 111).
 * The place of supply of a tax invoice is where the delivery ends (decision 042): a typed state that
 * the pincode cannot belong to would split the tax wrongly (CGST+SGST for IGST) and misstate GSTR-1.
 *
 * India Post's pincodes start with the postal circle: the first two digits give the state for
 * almost all, three digits for a few ranges that lie in another state (Goa's 403, Sikkim's 737).
 * Where a range's post offices lie in more than one state (Chandigarh's 160 beside Mohali, the
 * 50s of Telangana and Andhra Pradesh, Puducherry's enclaves), every one of them is listed. A
 * prefix the table does not hold (the Army Postal Service's 9, unassigned ones) names no state.
 * Nothing here refuses an address: the table only decides the place of supply (`placeOfSupply`).
 */
import { stateCode } from './gst';

const UP = 'Uttar Pradesh';
const UK = 'Uttarakhand';
const NORTH_EAST = ['Arunachal Pradesh', 'Meghalaya', 'Manipur', 'Mizoram', 'Nagaland', 'Tripura'];

/** First two or three digits -> the states (GST names) a pincode starting with them can be in; the longest prefix wins. */
const PREFIXES: Record<string, readonly string[]> = {
  '11': ['Delhi'],
  '12': ['Haryana'],
  '13': ['Haryana'],
  '14': ['Punjab'],
  '15': ['Punjab'],
  '16': ['Punjab'],
  '160': ['Chandigarh', 'Punjab'],
  '17': ['Himachal Pradesh'],
  '18': ['Jammu and Kashmir'],
  '19': ['Jammu and Kashmir'],
  '194': ['Ladakh', 'Jammu and Kashmir'],
  '20': [UP],
  '21': [UP],
  '22': [UP],
  '23': [UP],
  // Kumaon and Garhwal (Uttarakhand since 2000) kept their pincodes beside western Uttar Pradesh's.
  '24': [UP, UK],
  '25': [UP],
  '26': [UP, UK],
  '27': [UP],
  '28': [UP],
  '30': ['Rajasthan'],
  '31': ['Rajasthan'],
  '32': ['Rajasthan'],
  '33': ['Rajasthan'],
  '34': ['Rajasthan'],
  '36': ['Gujarat'],
  // Diu (362) and Daman, Dadra and Nagar Haveli (396) lie in Gujarat's ranges.
  '362': ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'],
  '37': ['Gujarat'],
  '38': ['Gujarat'],
  '39': ['Gujarat'],
  '396': ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'],
  '40': ['Maharashtra'],
  '403': ['Goa'],
  '41': ['Maharashtra'],
  '42': ['Maharashtra'],
  '43': ['Maharashtra'],
  '44': ['Maharashtra'],
  '45': ['Madhya Pradesh'],
  '46': ['Madhya Pradesh'],
  '47': ['Madhya Pradesh'],
  '48': ['Madhya Pradesh'],
  '49': ['Chhattisgarh'],
  // Telangana (2014) and the mandals moved to Andhra Pradesh kept their 50x pincodes.
  '50': ['Telangana', 'Andhra Pradesh'],
  '51': ['Andhra Pradesh'],
  '52': ['Andhra Pradesh'],
  '53': ['Andhra Pradesh'],
  '533': ['Andhra Pradesh', 'Puducherry'],
  '56': ['Karnataka'],
  '57': ['Karnataka'],
  '58': ['Karnataka'],
  '59': ['Karnataka'],
  // Puducherry and Karaikal (605, 607, 609) lie in Tamil Nadu's ranges.
  '60': ['Tamil Nadu', 'Puducherry'],
  '61': ['Tamil Nadu'],
  '62': ['Tamil Nadu'],
  '63': ['Tamil Nadu'],
  '64': ['Tamil Nadu'],
  '65': ['Tamil Nadu'],
  '66': ['Tamil Nadu'],
  '67': ['Kerala'],
  '673': ['Kerala', 'Puducherry'],
  '68': ['Kerala'],
  '682': ['Kerala', 'Lakshadweep'],
  '69': ['Kerala'],
  '70': ['West Bengal'],
  '71': ['West Bengal'],
  '72': ['West Bengal'],
  '73': ['West Bengal'],
  '737': ['Sikkim'],
  '74': ['West Bengal'],
  '744': ['Andaman and Nicobar Islands'],
  '75': ['Odisha'],
  '76': ['Odisha'],
  '77': ['Odisha'],
  '78': ['Assam'],
  '79': NORTH_EAST,
  '80': ['Bihar'],
  '81': ['Bihar', 'Jharkhand'],
  '82': ['Bihar', 'Jharkhand'],
  '83': ['Bihar', 'Jharkhand'],
  '84': ['Bihar'],
  '85': ['Bihar'],
};

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
