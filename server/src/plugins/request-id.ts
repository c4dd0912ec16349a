import { randomUUID } from 'node:crypto';

/** The balancer's X-Request-Id when it sends a sane one, else a random id: unique across nodes, on every log line and answer. */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}
