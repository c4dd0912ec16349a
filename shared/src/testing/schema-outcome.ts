import type { z } from 'zod';

/**
 * What a client sees of a schema, for tests: the value it accepts (trimmed,
 * coerced, defaulted), or the first message per field of a refusal, keyed by
 * the field's path (`items.0.quantity`; `form` for the whole input).
 */
export function accepted<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new Error(`refused: ${JSON.stringify(refusedFields(parsed.error.issues))}`);
  return parsed.data;
}

export function refused(schema: z.ZodType, input: unknown): Record<string, string> {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error(`accepted as ${JSON.stringify(parsed.data)}`);
  return refusedFields(parsed.error.issues);
}

function refusedFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return fields;
}

/** One input a value, for tables of refusals: `{ page: [0, 1.5] }` gives `[{ page: 0 }, { page: 1.5 }]`. */
export function eachValue(values: Record<string, unknown[]>): Record<string, unknown>[] {
  return Object.entries(values).flatMap(([field, list]) => list.map((value) => ({ [field]: value })));
}

/** A valid e-mail address of exactly `length` characters, for the 254-character limits. */
export const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
