/**
 * Pincodes and delivery texts, without zod: the product page and the cart use them (decision 040).
 * The schemas are in shipping.ts.
 */

/** An Indian pincode: six digits, the first not 0. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

export const shippingMessages = {
  pincodeInvalid: 'Enter a valid 6-digit pincode (it cannot start with 0)',
  zipCannotStartWith0: 'Zip code cannot start with 0',
  notServiceable: (pincode: string) => `We do not deliver to ${pincode} yet`,
  checkoutNotServiceable: (pincode: string) => `We do not deliver to ${pincode} yet. Change the zip code in Edit Profile to an address we deliver to.`,
  checkoutPincodeInvalid: 'Your delivery zip code is not a valid 6-digit pincode. Please correct it in Edit Profile.',
  codAvailable: 'Cash on delivery available',
  settingsSaved: 'Shipping settings saved',
} as const;

/** "Delivers to 411001 in 3-5 days · Cash on delivery available" (COD only when the owner offers it there). */
export function deliveryText(check: { pincode: string; serviceable: boolean; days?: string | undefined; cod: boolean }): string {
  if (!check.serviceable) return shippingMessages.notServiceable(check.pincode);
  const days = check.days ? ` in ${check.days} ${check.days === '1' ? 'day' : 'days'}` : '';
  return `Delivers to ${check.pincode}${days}${check.cod ? ` · ${shippingMessages.codAvailable}` : ''}`;
}
