import { messages } from '@shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/ports';
import { haproxyInstalled, startBalancer, type Balancer } from './helpers/shop-nodes';

/**
 * When no node is ready (the database unreachable from every node, all of them restarting), the
 * shipped haproxy configuration answers for them as a node would: 503 with the shop's JSON message
 * and Retry-After, not haproxy's own HTML page (decision 102).
 */
describe.runIf(haproxyInstalled)('the balancer with no node ready', () => {
  let balancer: Balancer;
  beforeAll(async () => {
    // Nothing listens on this node's port: its checks fail and every request finds no server.
    balancer = await startBalancer([await freePort()]);
  });
  afterAll(async () => {
    await balancer?.close();
  });

  it("answers 503 with the shop's message and Retry-After", async () => {
    let res = await fetch(`${balancer.url}/api/products`).catch(() => null);
    for (let i = 0; i < 50 && !res; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await fetch(`${balancer.url}/api/products`).catch(() => null);
    }
    expect(res?.status).toBe(503);
    expect(res!.headers.get('retry-after')).toBe('5');
    expect(res!.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res!.json()).toEqual({ message: messages.brieflyUnavailable, code: 'unavailable' });
  });
});
