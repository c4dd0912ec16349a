import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, payInSimulation } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { freePort } from './helpers/ports';
import { verifiedShopper } from './helpers/shoppers';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

describe.each(DB_KINDS)('Redis unreachable on %s: the shop keeps serving', (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    // A free port: nothing listens there.
    shop = await startTestShop(kind, { REDIS_URL: `redis://127.0.0.1:${await freePort()}`, SIMULATED_WEBHOOK_DELAY_MS: '60000' });
  });
  afterAll(() => shop.close());

  it('answers the catalogue, signs shoppers up and in, and checks out; health says redis is down', async () => {
    const c = await factories(shop).category('Kits');
    const kit = await factories(shop).product({ title: 'Outage kit', categoryId: c.id, pricePaise: 10_000 });
    expect((await shop.app.inject('/api/categories')).statusCode).toBe(200);
    expect((await shop.app.inject(`/api/product/${kit.id}`)).statusCode).toBe(200);
    const s = await verifiedShopper(shop);
    const api = as(shop, s.cookie);
    expect((await api.post('/api/cart', { productId: kit.id, quantity: 1 })).statusCode).toBe(200);
    const order = (await api.post('/api/createBulkOrder', { items: [{ productId: kit.id, quantity: 1 }] })).json();
    expect((await api.post('/api/processOrder', await payInSimulation(shop, s.cookie, order.id))).json()).toMatchObject({ success: true });
    const health = await shop.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', database: 'up', storage: 'up', redis: 'down' });
  });
});

describe('Redis going away and coming back', () => {
  let port: number;
  let server: ChildProcess | null = null;
  let shop: TestShop;

  async function startRedis() {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 50; i++) {
      const open = await new Promise<boolean>((r) => {
        const socket = net.connect(port, '127.0.0.1', () => (socket.end(), r(true)));
        socket.on('error', () => r(false));
      });
      if (open) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('redis-server did not start');
  }
  async function stopRedis() {
    const s = server;
    server = null;
    if (!s) return;
    await new Promise<void>((r) => (s.once('exit', () => r()), s.kill('SIGKILL')));
  }
  const redisHealth = async () => (await shop.app.inject('/api/health')).json().redis as string;
  async function until(want: string) {
    for (let i = 0; i < 100 && (await redisHealth()) !== want; i++) await new Promise((r) => setTimeout(r, 100));
    return redisHealth();
  }

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    shop = await startTestShop('sqlite', { REDIS_URL: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await shop.close();
    await stopRedis();
  });

  it('falls back to per-process limits while it is away and uses it again when it returns', async () => {
    expect(await until('up')).toBe('up');
    await stopRedis();
    expect(await until('down')).toBe('down');
    for (let i = 0; i < 5; i++) expect((await shop.app.inject('/api/categories')).statusCode).toBe(200);
    await startRedis();
    expect(await until('up')).toBe('up');
    expect((await shop.app.inject('/api/categories')).statusCode).toBe(200);
  }, 30_000);
});

describe('request ids', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop('sqlite');
  });
  afterAll(() => shop.close());

  it("returns the balancer's X-Request-Id, or a random one, on every response", async () => {
    const given = await shop.app.inject({ url: '/api/categories', headers: { 'x-request-id': 'lb-7f3a:42' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a:42');
    const fresh = [await shop.app.inject('/api/categories'), await shop.app.inject('/api/nowhere')].map((r) => r.headers['x-request-id']);
    expect(fresh[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh[0]).not.toBe(fresh[1]);
    // A header that could forge log lines is replaced.
    const odd = await shop.app.inject({ url: '/api/categories', headers: { 'x-request-id': 'a b\nc' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
