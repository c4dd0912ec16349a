/**
 * GSTIN checks (issue 27): 15 characters — a two-digit state code (01 to 38), the holder's PAN
 * (five letters, four digits, a letter), the entity number (1-9 or A-Z), "Z" by default, and a
 * check character. The check character is the base-36 weighted sum mod 36 of the first fourteen
 * (decision 049): each character's value (0-9, then A-Z as 10-35) is multiplied by 1 and 2 in
 * turn, the product's base-36 digits are added (product div 36 + product mod 36), and the check
 * character is the one whose value is (36 - sum mod 36) mod 36.
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character the first fourteen characters of a GSTIN call for, or null when one is not 0-9/A-Z. */
export function gstinCheckCharacter(first14: string): string | null {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14[i] ?? '');
    if (value < 0) return null;
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

export const gstinMessages = {
  length: (n: number) => `A GSTIN has 15 characters (this one has ${n})`,
  characters: 'A GSTIN has only capital letters and digits',
  stateCode: 'A GSTIN starts with a state code from 01 to 38',
  pan: 'Characters 3 to 12 of a GSTIN are the PAN: five letters, four digits and a letter',
  entity: 'Character 13 of a GSTIN is the registration number for the PAN: 1-9 or a letter',
  fourteenth: 'Character 14 of a GSTIN is "Z"',
  checksum: (expected: string) => `The GSTIN's last character (its check character) should be ${expected}: please check it for a typing mistake`,
} as const;

/** What is wrong with a GSTIN (already trimmed and upper-cased), or null when it is a valid one. */
export function gstinProblem(gstin: string): string | null {
  if (gstin.length !== 15) return gstinMessages.length(gstin.length);
  if (!/^[0-9A-Z]+$/.test(gstin)) return gstinMessages.characters;
  const state = Number(gstin.slice(0, 2));
  if (!/^\d\d$/.test(gstin.slice(0, 2)) || state < 1 || state > 38) return gstinMessages.stateCode;
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(gstin.slice(2, 12))) return gstinMessages.pan;
  if (!/^[1-9A-Z]$/.test(gstin[12]!)) return gstinMessages.entity;
  if (gstin[13] !== 'Z') return gstinMessages.fourteenth;
  const expected = gstinCheckCharacter(gstin.slice(0, 14))!;
  if (gstin[14] !== expected) return gstinMessages.checksum(expected);
  return null;
}
