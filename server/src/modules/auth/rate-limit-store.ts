import type { Redis } from 'ioredis';

/** better-auth's contract for a shared rate-limit store: check and count in one step. */
export interface RateLimitStore {
  consume(key: string, rule: { window: number; max: number }): Promise<{ allowed: boolean; retryAfter: number | null }>;
}

// INCR and set the expiry on the first hit, atomically; answers the count and the seconds left.
const CONSUME = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('TTL', KEYS[1])}`;

/** Rate-limit counters in Redis, shared by every app server (REDIS_URL). */
export function redisRateLimitStore(redis: Redis, prefix = 'shop:auth-rl:'): RateLimitStore {
  return {
    async consume(key, rule) {
      const [count, ttl] = (await redis.eval(CONSUME, 1, `${prefix}${key}`, String(rule.window))) as [number, number];
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(ttl, 1) };
    },
  };
}
