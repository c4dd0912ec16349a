import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the body is the provider's signed text (webhooks): taken as sent, whatever escapes it holds */
    signedBody?: boolean;
  }
}

export const NUL_MESSAGE = 'Text may not contain NUL characters (\\u0000)';

/**
 * Whether a request value holds a NUL character in any string, at any depth
 * (walked without recursion: a body may be nested thousands deep). A string
 * body is JSON text a route parses itself, so its `\u0000` escape counts too.
 */
export function hasNul(value: unknown, rawJson = false): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000') || (rawJson && v.includes('\\u0000'))) return true;
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const key of Object.keys(v)) {
        if (key.includes('\u0000')) return true;
        stack.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * Refuses a NUL character in the path, query or body with a 400 before any
 * route sees it. No field of the shop has a use for one, and PostgreSQL cannot
 * store it in text: it failed the query, a 500 (decision 031). Multipart fields
 * are checked as they are read (multipart.ts).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const body = req.routeOptions.config.signedBody ? undefined : req.body;
    if (hasNul(req.params) || hasNul(req.query) || hasNul(body, typeof body === 'string')) throw badRequest(NUL_MESSAGE, 'nul_character');
  });
}
