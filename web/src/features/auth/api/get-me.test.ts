import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMe } from './get-me';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

describe('getMe', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('answers the shopper when signed in', async () => {
    answer(200, { id: 'u1', username: 'asha' });
    expect(await getMe()).toEqual({ id: 'u1', username: 'asha' });
  });

  it('answers null for a visitor', async () => {
    answer(200, null);
    expect(await getMe()).toBeNull();
  });

  it('answers null for a 401 too (an older server)', async () => {
    answer(401, { message: 'Please login to continue', code: 'unauthenticated' });
    expect(await getMe()).toBeNull();
  });

  it("logs 'No such document!' and answers null when the session's user record is missing", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer(404, { message: 'User not found', code: 'user_not_found' });
    expect(await getMe()).toBeNull();
    expect(warn).toHaveBeenCalledWith('No such document!');
  });
});
