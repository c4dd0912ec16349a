import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisRateLimitStore } from '../src/modules/auth/rate-limit-store';
import { ORIGIN } from './helpers/shoppers';
import { startTestShop, type TestShop } from './helpers/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const up = await redisReachable();
if (!up && process.env.REQUIRE_REDIS === '1') throw new Error(`REQUIRE_REDIS=1 but Redis is not reachable at ${REDIS_URL}`);

describe.runIf(up)('rate limits shared through Redis (REDIS_URL)', () => {
  let redis: Redis;
  let shop: TestShop;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    shop = await startTestShop('sqlite', { REDIS_URL, AUTH_RATE_LIMIT: '1' });
  });
  afterAll(async () => {
    await shop.close();
    redis.disconnect();
  });

  it('counts in one atomic step and tells when to retry', async () => {
    const store = redisRateLimitStore(redis, `test:${randomBytes(6).toString('hex')}:`);
    const rule = { window: 30, max: 2 };
    const results = await Promise.all([1, 2, 3, 4].map(() => store.consume('k', rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(2);
    const denied = results.find((r) => !r.allowed)!;
    expect(denied.retryAfter).toBeGreaterThan(0);
    expect(denied.retryAfter).toBeLessThanOrEqual(30);
  });

  it('limits failed sign-ins per client address across app processes', async () => {
    const other = await shop.secondApp();
    // A fresh address per run: Redis outlives test runs.
    const ip = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join('.')}`;
    const attempt = (app: typeof other, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        payload: JSON.stringify({ email: 'victim@example.com', password: `guess-${i}-xx` }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(i % 2 ? other : shop.app, i)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another address is not affected (for another account: this one is now slowed down for every address).
    const elsewhere = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.254.254.254',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: JSON.stringify({ email: 'bystander@example.com', password: 'guess-x-xx' }),
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});
