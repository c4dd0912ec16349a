/**
 * The products CSV (decision 045): one row per product without variants, one row per variant of a
 * product with them. RFC 4180 quoting (fields may hold commas, quotes and line breaks); a field
 * that a spreadsheet would read as a formula is written with a leading ' and read back without it.
 */
export const PRODUCT_CSV_COLUMNS = [
  'product_id',
  'title',
  'category',
  'description',
  'price',
  'stock',
  'weight',
  'hsn',
  'gst',
  'sku',
  'options',
  'parts',
] as const;
export type ProductCsvRow = Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>;

function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: (string | number | null)[]): string {
  return values.map(cell).join(',');
}

/** Splits CSV text into records of fields (quotes undone); answers null when a quote is never closed. */
export function parseCsv(text: string): string[][] | null {
  const src = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (quoted) return null;
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => !(r.length === 1 && r[0]!.trim() === '')).map((r) => r.map(unformula));
}

const unformula = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/** "Battery=included; Colour=red" → ordered pairs; null when a pair has no "=". */
export function parseOptions(text: string): [string, string][] | null {
  if (text.trim() === '') return [];
  const pairs = text.split(';').map((p) => p.split('='));
  if (pairs.some((p) => p.length !== 2 || !p[0]!.trim() || !p[1]!.trim())) return null;
  return pairs.map((p) => [p[0]!.trim(), p[1]!.trim()]);
}

export function formatOptions(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** "12x2; 15/7x1" (product id, optional /variant id, x quantity) → parts; null when malformed. */
export function parseParts(text: string): { productId: number; variantId: number | null; quantity: number }[] | null {
  if (text.trim() === '') return [];
  const parts = text.split(';').map((p) => /^\s*(\d{1,10})(?:\/(\d{1,10}))?\s*x\s*(\d{1,2})\s*$/i.exec(p));
  if (parts.some((m) => !m)) return null;
  return parts.map((m) => ({ productId: Number(m![1]), variantId: m![2] ? Number(m![2]) : null, quantity: Number(m![3]) }));
}

export function formatParts(parts: { productId: number; variantId?: number | null; quantity: number }[]): string {
  return parts.map((p) => `${p.productId}${p.variantId != null ? `/${p.variantId}` : ''}x${p.quantity}`).join('; ');
}
