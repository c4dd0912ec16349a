import { MAX_PRINT_CM } from '@shared/stl';

/**
 * The text of a length, width or height field after the shopper leaves it:
 * values above the 22 cm build volume become 22 (SPEC.md §5); anything else
 * (blank, too small, not a number) is left for the form's validation to name.
 */
export function clampDimension(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const n = Number(trimmed);
  if (Number.isFinite(n) && n > MAX_PRINT_CM) return String(MAX_PRINT_CM);
  return trimmed;
}
