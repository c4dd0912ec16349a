import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDITION_WIDTHS } from '@shared/images';
import { messages } from '@shared/messages';
import { binaryStl, cubeTriangles } from '@shared/testing/stl-samples';
import { LocalStorage } from '../src/storage/local-storage';
import { S3Storage } from '../src/storage/s3-storage';
import { StorageUnavailableError } from '../src/storage/storage';
import { as, payInSimulation } from './helpers/checkout';
import { ADMIN_PASSWORD, adminToken, asAdmin, multipart, png } from './helpers/admin';
import { DB_KINDS } from './helpers/databases';
import { startS3Server } from './helpers/s3-server';
import { verifiedShopper } from './helpers/shoppers';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy';
import { startTestShop, type TestShop } from './helpers/test-app';

/**
 * Object storage away (the S3 server behind a proxy the test cuts): the shop keeps selling, health
 * says degraded (200, not 503: every node shares the bucket), pictures answer 503 with a retry hint,
 * and uploads answer 503 with the storage message and leave no row behind (issue 23, item 3).
 */
describe.each(DB_KINDS)('object storage unreachable on %s', (kind) => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let proxy: TcpProxy;
  let shop: TestShop;
  let admin: ReturnType<typeof asAdmin>;

  beforeAll(async () => {
    s3 = await startS3Server(`shop-outage-${kind}`);
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
    shop = await startTestShop(
      kind,
      {
        ...s3.env,
        S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
        ADMIN_PASSWORD,
        HEALTH_CHECK_INTERVAL_MS: '100',
        HEALTH_CHECK_TIMEOUT_MS: '1000',
        SIMULATED_WEBHOOK_DELAY_MS: '60000',
      },
      { storage: (config) => new S3Storage(config.s3!) },
    );
    admin = asAdmin(shop, await adminToken(shop));
  });
  afterAll(async () => {
    await shop.close();
    await proxy.close();
    await s3.close();
  });

  const health = async (url = '/api/health/ready') => shop.app.inject(url);
  async function until(what: string, check: () => Promise<boolean>) {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${what} never happened`);
  }
  const imageForm = async (title: string) => [
    { name: 'title', value: title },
    { name: 'price', value: '750' },
    { name: 'category', value: 'Storage Kits' },
    { name: 'images', value: await png('#224466'), filename: 'kit.png', type: 'image/png' },
  ];
  const count = async (table: 'products' | 'product_images' | 'advert_images' | 'print_requests') =>
    Number(
      (
        await shop.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const expectStorage503 = (res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: messages.storageUnavailable, code: 'storage_unavailable' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('keeps selling while storage is away, answers pictures and uploads 503, writes nothing half, and recovers', async () => {
    expect((await admin.post('/api/categories', { name: 'Storage Kits' })).statusCode).toBeLessThan(300);
    const created = await admin.form('POST', '/api/products', await imageForm('Cloud Rover'));
    expect(created.statusCode).toBe(201);
    const product = created.json() as { id: number; images: string[] };
    expect((await shop.app.inject(product.images[0]!)).statusCode).toBe(200);
    const shopper = await verifiedShopper(shop);
    const api = as(shop, shopper.cookie);
    expect((await health()).json()).toMatchObject({ status: 'ok', storage: 'up' });

    for (const mode of ['refuse', 'blackhole'] as const) {
      await proxy.cut(mode);
      // Readiness stays 200 (degraded): taking every node out of the balancer would help nobody.
      await until('health to see storage down', async () => (await health()).json().storage === 'down');
      for (const url of ['/api/health/ready', '/api/health']) {
        const res = await health(url);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 'degraded', database: 'up', storage: 'down' });
      }
      expect((await health('/api/health/live')).statusCode).toBe(200);

      // The storefront, search, cart and a checkout work.
      for (const url of ['/api/storefront/home', '/api/categories', `/api/product/${product.id}`, '/api/products/search/cloud%20rover']) {
        expect((await shop.app.inject(url)).statusCode, url).toBe(200);
      }
      expect((await api.post('/api/cart', { productId: product.id, quantity: 1 })).statusCode).toBe(200);
      const order = (await api.post('/api/createBulkOrder', { items: [{ productId: product.id, quantity: 1 }] })).json();
      expect((await api.post('/api/processOrder', await payInSimulation(shop, shopper.cookie, order.id))).json()).toMatchObject({ success: true });

      // Pictures: 503 with a retry hint, not a 500 and not a 404 (the file exists).
      expectStorage503(await shop.app.inject(product.images[0]!));

      // Uploads: 503 with the message, and no row pointing at files that are not there.
      const before = {
        products: await count('products'),
        images: await count('product_images'),
        adverts: await count('advert_images'),
        requests: await count('print_requests'),
      };
      expectStorage503(await admin.form('POST', '/api/products', await imageForm(`Half Rover ${mode}`)));
      expectStorage503(
        await admin.form('PATCH', `/api/products/${product.id}`, [{ name: 'images', value: await png('#883300'), filename: 'new.png', type: 'image/png' }]),
      );
      expectStorage503(await admin.form('POST', '/api/advertimages', [{ name: 'images', value: await png('#008833'), filename: 'ad.png', type: 'image/png' }]));
      const { payload, headers } = multipart([
        ...Object.entries({
          con_name: 'Arjun',
          phNo: '9876543210',
          reason: '',
          message: 'Print it',
          is2DTo3D: 'false',
          length: '5',
          width: '5',
          height: '5',
        }).map(([name, value]) => ({ name, value })),
        { name: 'files', value: Buffer.from(binaryStl(cubeTriangles(20))), filename: 'cube.stl' },
      ]);
      expectStorage503(await shop.app.inject({ method: 'POST', url: '/api/mailforwarder/', headers, payload }));
      expect({
        products: await count('products'),
        images: await count('product_images'),
        adverts: await count('advert_images'),
        requests: await count('print_requests'),
      }).toEqual(before);
      expect((await shop.app.inject(`/api/product/${product.id}`)).json().images).toEqual(product.images);

      await proxy.restore();
      await until('health to see storage up', async () => (await health()).json().status === 'ok');
      expect((await shop.app.inject(product.images[0]!)).statusCode).toBe(200);
    }

    // Uploads work again.
    const again = await admin.form('POST', '/api/products', await imageForm('Back Rover'));
    expect(again.statusCode).toBe(201);
    expect((await shop.app.inject((again.json() as { images: string[] }).images[0]!)).statusCode).toBe(200);
  }, 120_000);
});

/** The disk or bucket failing in the middle of an upload: what was written is removed, no row points at it. */
describe.each(DB_KINDS)('storage failing half-way through an upload on %s', (kind) => {
  let shop: TestShop;
  let storage: FlakyStorage;
  class FlakyStorage extends LocalStorage {
    /** puts that succeed before the storage fails (Infinity: never fails) */
    putsLeft = Infinity;
    override async put(key: string, data: Buffer): Promise<void> {
      if (this.putsLeft-- <= 0) throw new StorageUnavailableError(new Error('disk gone'));
      return super.put(key, data);
    }
  }
  beforeAll(async () => {
    shop = await startTestShop(kind, { ADMIN_PASSWORD }, { storage: (config) => (storage = new FlakyStorage(config.uploadsDir)) });
  });
  afterAll(() => shop.close());

  const filesOnDisk = () => {
    const dir = path.join(shop.config.uploadsDir, 'products');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith('.tmp')) : [];
  };

  it('answers 503 and leaves neither a product nor its first image when the second image cannot be stored', async () => {
    const admin = asAdmin(shop, await adminToken(shop));
    expect((await admin.post('/api/categories', { name: 'Flaky Kits' })).statusCode).toBeLessThan(300);
    const before = filesOnDisk();
    // The first image and its renditions are stored, then the second image's original and one rendition, then the storage fails.
    storage.putsLeft = 1 + RENDITION_WIDTHS.length + 2;
    const res = await admin.form('POST', '/api/products', [
      { name: 'title', value: 'Half Stored' },
      { name: 'price', value: '300' },
      { name: 'category', value: 'Flaky Kits' },
      { name: 'images', value: await png('#111111'), filename: 'a.png', type: 'image/png' },
      { name: 'images', value: await png('#222222'), filename: 'b.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(messages.storageUnavailable);
    expect(await shop.db.selectFrom('products').select('id').where('title', '=', 'Half Stored').execute()).toEqual([]);
    expect(filesOnDisk()).toEqual(before);
    storage.putsLeft = Infinity;
    expect(
      (
        await admin.form('POST', '/api/products', [
          { name: 'title', value: 'Whole' },
          { name: 'price', value: '300' },
          { name: 'category', value: 'Flaky Kits' },
          { name: 'images', value: await png('#333333'), filename: 'c.png', type: 'image/png' },
        ])
      ).statusCode,
    ).toBe(201);
  });
});
