import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { copyUploadsToBucket } from '../src/storage/copy-to-bucket';
import { S3Storage } from '../src/storage/s3-storage';
import { checkStorage } from '../src/startup';
import { adminToken, ADMIN_PASSWORD, asAdmin, png } from './helpers/admin';
import { freshDb, type TestDb } from './helpers/databases';
import { freePort } from './helpers/ports';
import { startS3Server } from './helpers/s3-server';
import type { TestShop } from './helpers/test-app';

type S3 = Awaited<ReturnType<typeof startS3Server>>;

describe('S3 storage against a real S3-protocol server', () => {
  let s3: S3;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startS3Server();
    storage = new S3Storage(loadConfig(s3.env).s3!);
  });
  afterAll(() => s3.close());

  it('puts, gets, and deletes objects; a missing key is null', async () => {
    expect(await storage.ping()).toBe(true);
    await storage.put('products/a1.png', Buffer.from('png bytes'), 'image/png');
    const got = await storage.get('products/a1.png');
    expect(got).toMatchObject({ size: 9, contentType: 'image/png' });
    const chunks: Buffer[] = [];
    for await (const c of got!.body) chunks.push(Buffer.from(c as Buffer));
    expect(Buffer.concat(chunks).toString()).toBe('png bytes');
    expect(await storage.get('products/none.png')).toBeNull();
    await storage.delete('products/a1.png');
    expect(await storage.get('products/a1.png')).toBeNull();
    expect(await storage.get('../etc/passwd')).toBeNull();
  });

  it('stops the start naming S3_BUCKET when the service refuses the bucket; starts degraded when nothing answers', async () => {
    const config = loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    await expect(checkStorage(config, new S3Storage(config.s3!))).rejects.toThrow(/^S3_BUCKET: cannot reach the bucket "no-such-bucket"/);
    await expect(checkStorage(loadConfig(s3.env), storage)).resolves.toBe(true);
    // An outage, not a setting: the node starts and health says storage: down.
    const away = loadConfig({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    await expect(checkStorage(away, new S3Storage(away.s3!))).resolves.toBe(false);
  });

  it('copies local uploads into the bucket once: a second run copies nothing', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    fs.mkdirSync(path.join(root, 'products'));
    fs.mkdirSync(path.join(root, 'adverts'));
    fs.writeFileSync(path.join(root, 'products', 'p1.png'), 'one');
    fs.writeFileSync(path.join(root, 'adverts', 'a1.webp'), 'two');
    const seen: string[] = [];
    const first = await copyUploadsToBucket(root, storage, s3.bucket, (done, total, key, action) => seen.push(`${done}/${total} ${action} ${key}`));
    expect(first).toEqual({ copied: 2, skipped: 0, total: 2 });
    expect(seen).toEqual(['1/2 copied adverts/a1.webp', '2/2 copied products/p1.png']);
    expect((await copyUploadsToBucket(root, storage, s3.bucket, () => {})).copied).toBe(0);
    expect((await storage.get('adverts/a1.webp'))?.size).toBe(3);
  });
});

describe('two app servers with their own disks sharing one bucket', () => {
  let s3: S3;
  let test: TestDb;
  let apps: App[];
  const dirs: string[] = [];
  beforeAll(async () => {
    s3 = await startS3Server('shop-nodes');
    test = await freshDb('sqlite');
    apps = [];
    for (let i = 0; i < 2; i++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `node${i}-`));
      dirs.push(dir);
      const config = loadConfig({
        ...s3.env,
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://shop.test',
        ADMIN_PASSWORD,
        AUTH_RATE_LIMIT: '0',
        WEB_DIST_DIR: path.join(dir, 'none'),
      });
      const app = await buildApp({ config, db: test.db, storage: new S3Storage(config.s3!) });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await test.dispose();
    await s3.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('serves images uploaded through one node from the other, and keeps nothing on either disk', async () => {
    const shopOf = (app: App) => ({ app, db: test.db, config: app.config }) as unknown as TestShop;
    const admin = asAdmin(shopOf(apps[0]!), await adminToken(shopOf(apps[0]!)));
    await admin.post('/api/categories', { name: 'Kits' });
    const created = await admin.form('POST', '/api/products', [
      { name: 'title', value: 'Bucket kit' },
      { name: 'price', value: '999' },
      { name: 'category', value: 'Kits' },
      { name: 'images', value: await png('#00aa00', 64), filename: 'kit.png', type: 'image/png' },
    ]);
    expect(created.statusCode).toBe(201);
    const image = created.json().images[0] as string;
    for (const app of apps) {
      const res = await app.inject(image);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'uploads', 'products'))).toBe(false);
    expect((await apps[1]!.inject('/api/health')).json()).toMatchObject({ storage: 'up' });
  });

  it('sends browsers to S3_PUBLIC_URL for public files when a CDN is in front', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdn-'));
    dirs.push(dir);
    const config = loadConfig({
      ...s3.env,
      S3_PUBLIC_URL: 'https://cdn.robokits.in/',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dir, 'none'),
    });
    const app = await buildApp({ config, db: test.db, storage: new S3Storage(config.s3!) });
    try {
      const res = await app.inject('/uploads/products/abc.png');
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('https://cdn.robokits.in/products/abc.png');
      // Customers' files are never sent to the CDN nor served publicly.
      expect((await app.inject('/uploads/print-requests/1/model.stl')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
