import type { z } from 'zod';

/** A failure the client can act on: a status, a stable code and a message for people. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string, code = 'not_found') => new AppError(code, 404, message);
export const badRequest = (message: string, code = 'bad_request', fields?: Record<string, string>) => new AppError(code, 400, message, fields);

/** The first message per field of a zod failure, as `{field: message}`. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return fields;
}

/** Parses a value the route could not validate by schema (multipart fields); a failure is a 400 naming the fields. */
export function parseOrBadRequest<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error.issues);
  throw badRequest(Object.values(fields)[0] ?? 'Invalid form', 'validation', fields);
}
