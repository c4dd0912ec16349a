import { PINCODE_PATTERN } from '@shared/delivery';
import { Days, Zone } from '@shared/shipping';

export interface PincodeRow {
  pincode: string;
  zone: string;
  cod: number;
  days: string | null;
}

export interface ParsedPincodes {
  rows: PincodeRow[];
  /** every bad row, with its line number (the header is line 1) */
  errors: { line: number; reason: string }[];
}

const PINCODE_CSV_HEADER = 'pincode,zone,cod,days';
export const MAX_PINCODE_ROWS = 50_000;

const YES = new Set(['1', 'y', 'yes', 'true']);
const NO = new Set(['', '0', 'n', 'no', 'false']);

/** A field as a spreadsheet writes it: trimmed, without the quotes around it. */
function unquote(field: string): string {
  const t = field.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/""/g, '"').trim() : t;
}

/**
 * The courier's serviceability list: a header `pincode,zone,cod,days`, then one pincode a line
 * (cod: yes/no, 1/0, true/false or empty; days: "3" or "3-5" or empty). The four fields hold no
 * commas, so a line is split on commas; quotes around a field are dropped. Blank lines are
 * skipped; a pincode listed twice keeps its first line and the second is a bad row.
 */
export function parsePincodeCsv(text: string): ParsedPincodes | { headerError: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const header = (lines[0] ?? '').split(',').map((f) => unquote(f).toLowerCase());
  if (header.join(',') !== PINCODE_CSV_HEADER) return { headerError: `The first line must be the header ${PINCODE_CSV_HEADER}` };
  const rows: PincodeRow[] = [];
  const errors: { line: number; reason: string }[] = [];
  const firstLine = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const line = i + 1;
    const fields = raw.split(',').map(unquote);
    if (fields.length !== 4) {
      errors.push({ line, reason: `Expected 4 fields (pincode,zone,cod,days), found ${fields.length}` });
      continue;
    }
    const [pincode, zoneText, codText, daysText] = fields as [string, string, string, string];
    if (!PINCODE_PATTERN.test(pincode)) {
      errors.push({ line, reason: `"${pincode.slice(0, 20)}" is not a 6-digit pincode (it cannot start with 0)` });
      continue;
    }
    const zone = Zone.safeParse(zoneText);
    if (!zone.success) {
      errors.push({ line, reason: zone.error.issues[0]!.message });
      continue;
    }
    const cod = codText.toLowerCase();
    if (!YES.has(cod) && !NO.has(cod)) {
      errors.push({ line, reason: `COD must be yes or no, not "${codText.slice(0, 20)}"` });
      continue;
    }
    const days = daysText === '' ? null : Days.safeParse(daysText);
    if (days && !days.success) {
      errors.push({ line, reason: days.error.issues[0]!.message });
      continue;
    }
    const seen = firstLine.get(pincode);
    if (seen !== undefined) {
      errors.push({ line, reason: `Pincode ${pincode} is listed already on line ${seen}` });
      continue;
    }
    firstLine.set(pincode, line);
    rows.push({ pincode, zone: zone.data, cod: YES.has(cod) ? 1 : 0, days: days ? days.data : null });
  }
  return { rows, errors };
}
