import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryClient } from './query-client';

/** A client with the app's query defaults, minus the waiting between attempts. */
function client() {
  const defaults = queryClient.getDefaultOptions();
  return new QueryClient({ defaultOptions: { ...defaults, queries: { ...defaults.queries, retryDelay: 0 } } });
}

/** Runs one query against the stubbed fetch and counts the requests it made. */
async function attempts(fetch: () => Promise<Response>): Promise<number> {
  const stub = vi.fn(fetch);
  vi.stubGlobal('fetch', stub);
  await client()
    .fetchQuery({ queryKey: ['probe'], queryFn: ({ signal }) => apiGet('/api/probe', signal) })
    .catch(() => undefined);
  return stub.mock.calls.length;
}

const status = (code: number) => async () =>
  new Response(JSON.stringify({ message: 'no', code: 'x' }), { status: code, headers: { 'content-type': 'application/json' } });

describe('query retries', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([400, 401, 403, 404, 409, 422, 429])('never asks again after a %i', async (code) => {
    expect(await attempts(status(code))).toBe(1);
  });

  it.each([500, 502, 503])('asks twice more after a %i', async (code) => {
    expect(await attempts(status(code))).toBe(3);
  });

  it('asks twice more when the connection fails', async () => {
    expect(
      await attempts(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe(3);
  });

  it('does not ask again when the answer cannot be read (the same answer would come back)', async () => {
    expect(await attempts(async () => new Response('<html>', { status: 200 }))).toBe(1);
  });

  it('stops retrying once a 5xx turns into a 404', async () => {
    const answers = [status(503), status(404), status(200)];
    expect(await attempts(() => answers.shift()!())).toBe(2);
  });
});
