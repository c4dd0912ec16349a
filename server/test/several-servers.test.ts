import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, POSTGRES_URL } from './helpers/databases';
import { freePort } from './helpers/ports';
import { startS3Server } from './helpers/s3-server';
import {
  adminWithCategory,
  cookieOf,
  haproxyInstalled,
  inSchema,
  productForm,
  shopNode,
  startBalancer,
  verifiedOverHttp,
  waitFor,
  type Balancer,
  type ShopNode,
} from './helpers/shop-nodes';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two app servers, each with its own disk, on one PostgreSQL database, Redis
 * and an S3 server, behind haproxy (round robin, health checks), as two real
 * servers run. The balancer's configuration is deploy/haproxy/haproxy.cfg.
 */
describe.runIf(haproxyInstalled && DB_KINDS.includes('postgres'))('two app servers behind a load balancer', () => {
  const schema = `t_nodes_${randomBytes(5).toString('hex')}`;
  const nodes: ShopNode[] = [];
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let balancer: Balancer;
  let lb: string;
  let db: pg.Client;

  beforeAll(async () => {
    s3 = await startS3Server('shop-two-nodes');
    db = new pg.Client({ connectionString: POSTGRES_URL });
    await db.connect();
    await db.query(`CREATE SCHEMA ${schema}`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...s3.env,
      DATABASE_URL: inSchema(POSTGRES_URL, schema),
      REDIS_URL,
      SEED_DEMO_DATA: '0',
      ADMIN_PASSWORD: 'nodes-admin-password-1',
      AUTH_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
      SIMULATED_WEBHOOK_DELAY_MS: '500',
      JOBS_TICK_MS: '500',
    };
    delete env.SMTP_URL;
    const ports = [await freePort(), await freePort()];
    balancer = await startBalancer(ports);
    lb = balancer.url;
    nodes.push(...ports.map((port) => shopNode(port, { ...env, PUBLIC_URL: lb })));
    // Both nodes start at the same moment on the empty database.
    for (const n of nodes) n.start();
    await Promise.all(nodes.map((n) => waitFor(`http://127.0.0.1:${n.port}/api/health`, (s) => s === 200, 120_000)));
    await waitFor(`${lb}/api/health`, (s) => s === 200);
  }, 150_000);

  afterAll(async () => {
    for (const n of nodes) await n.dispose();
    await balancer?.close();
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await db.end();
    await s3.close();
  });

  it('runs the admin and shopper journey across both nodes, survives one being killed, and serves every image from either', async () => {
    const json = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${lb}${url}`, {
        method,
        headers: { origin: lb, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
    };

    // The admin (created once by whichever node started first) adds a category and a product with two images.
    const admin = await adminWithCategory(lb, 'nodes-admin-password-1', 'Robot Kits');
    const form = productForm('Balancer Rover', '1499', 'Robot Kits');
    for (const color of ['#cc3300', '#0033cc']) {
      const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: color } })
        .png()
        .toBuffer();
      form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'rover.png');
    }
    const created = await fetch(`${lb}/api/products`, { method: 'POST', headers: admin, body: form });
    expect(created.status).toBe(201);
    const product = (await created.json()) as { id: number; images: string[] };
    // Each node keeps its own copy of the search index in memory: both find the new product at once.
    for (const n of nodes) {
      const found = await fetch(`http://127.0.0.1:${n.port}/api/products/search/${encodeURIComponent('balancer rovr')}`);
      expect(found.status).toBe(200);
      expect(((await found.json()) as { id: number }[]).map((p) => p.id)).toEqual([product.id]);
    }
    const coupon = await json('POST', '/api/coupons', { code: 'TWONODES', discount: 100 }, admin);
    expect(coupon.status).toBeLessThan(300);

    // A shopper signs up, follows the mailed link and signs in; consecutive requests land on both nodes.
    const { email, password } = await verifiedOverHttp(lb, db, schema, 'nodes');
    const signIn = await fetch(`${lb}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: lb, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    const shopper = { cookie: cookieOf(signIn) };
    expect((await json('POST', '/api/cart', { productId: product.id, quantity: 2 }, shopper)).status).toBe(200);
    const order = await json('POST', '/api/createBulkOrder', { items: [{ productId: product.id, quantity: 2 }], couponCode: 'TWONODES' }, shopper);
    expect(order.status).toBe(200);
    expect(order.body.amount).toBe(2 * 149_900 - 10_000);

    // One node dies in the middle of the journey (no goodbye); the balancer sends everything to the
    // other, the requests that meet the dead one's closed port included. (A POST that was on its way
    // into the node as it died is not replayed: it may have run. See deploy.md.)
    nodes[0]!.process.kill('SIGKILL');
    await nodes[0]!.exited();
    const paid = await json('POST', `/api/payments/simulated/${String(order.body.id)}/pay`, {}, shopper);
    expect(paid.status).toBe(200);
    const processed = await json('POST', '/api/processOrder', paid.body, shopper);
    expect(processed.body).toMatchObject({ success: true, orderId: order.body.orderId });
    const dispatch = await json(
      'PATCH',
      `/api/UserOrders/${String(order.body.orderId)}`,
      { status: 'dispatched', courier: 'Delhivery', trackingNumber: 'DL1234567' },
      admin,
    );
    expect(dispatch.status).toBe(200);
    const mine = await json('GET', '/api/UserOrders', undefined, shopper);
    expect((mine.body.orders as { order_id: string; status: string; trackingNumber: string }[])[0]).toMatchObject({
      order_id: order.body.orderId,
      status: 'dispatched',
      trackingNumber: 'DL1234567',
    });

    // Every image answers 200 through the balancer and straight from the node that lives on.
    for (const image of product.images) {
      for (let i = 0; i < 2; i++) expect((await fetch(`${lb}${image}`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${nodes[1]!.port}${image}`)).status).toBe(200);
    }
    // Nothing was written to either node's own disk.
    for (const n of nodes) expect(fs.existsSync(path.join(n.dir, 'uploads', 'products'))).toBe(false);
  }, 120_000);
});
