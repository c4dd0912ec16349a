import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './helpers/databases';
import { indexProducts } from '../src/modules/search/search.service';
import { bumpPublicCacheVersion } from '../src/plugins/public-cache';
import { factories, startTestShop, titlesAt, type TestShop } from './helpers/test-app';

type Found = { title: string }[];

describe.each(DB_KINDS)('search on %s', (kind) => {
  let shop: TestShop;
  const titles = (q: string) => titlesAt(shop.app, `/api/products/search/${encodeURIComponent(q)}`);

  beforeAll(async () => {
    shop = await startTestShop(kind);
    const f = factories(shop);
    const robobox = await f.category('Robobox Kits');
    const drones = await f.category('Drone Kits');
    const parts = await f.category('Components');
    await f.product({ title: 'Robobox Starter Kit', categoryId: robobox.id, description: 'Your first robot.' });
    await f.product({ title: 'Robobox Sumo Bot Kit', categoryId: robobox.id, description: 'Push the other robot out.' });
    await f.product({ title: 'Mini Drone Kit', categoryId: drones.id, description: 'A small quadcopter.' });
    await f.product({ title: 'Propeller Guard Set', categoryId: parts.id, description: 'Protects your drone propellers.' });
    await f.product({ title: 'Lithium Battery Pack', categoryId: parts.id, description: 'Powers robot cars and drones.' });
    await f.product({ title: 'Ultrasonic Sensor', categoryId: parts.id, description: 'Distance sensing for any robobox build.' });
    await f.product({ title: 'Café Crème Servo', categoryId: parts.id, description: 'Accents are ignored when searching.' });
  });
  afterAll(() => shop.close());

  it('finds products ignoring case', async () => {
    expect(await titles('ROBOBOX STARTER')).toEqual(['Robobox Starter Kit']);
  });

  it('ranks title matches before description and category matches', async () => {
    const found = await titles('drone');
    expect(found).toEqual(['Mini Drone Kit', 'Propeller Guard Set', 'Lithium Battery Pack']);
    const robo = await titles('robobox');
    expect(robo).toEqual(['Robobox Starter Kit', 'Robobox Sumo Bot Kit', 'Ultrasonic Sensor']);
  });

  it('tolerates one typo per word', async () => {
    expect(await titles('robbox')).toEqual(['Robobox Starter Kit', 'Robobox Sumo Bot Kit', 'Ultrasonic Sensor']);
    expect(await titles('dron')).toEqual(['Mini Drone Kit', 'Propeller Guard Set', 'Lithium Battery Pack']);
    expect(await titles('ultrsonic sensr')).toEqual(['Ultrasonic Sensor']);
    expect(await titles('snesor')).toEqual(['Ultrasonic Sensor']);
  });

  it('matches the start of a word and words without their accents', async () => {
    expect(await titles('quadcop')).toEqual(['Mini Drone Kit']);
    expect(await titles('creme cafe')).toEqual(['Café Crème Servo']);
  });

  it('needs every known word to match', async () => {
    expect(await titles('sumo robobox')).toEqual(['Robobox Sumo Bot Kit']);
    expect(await titles('sumo drone')).toBe(404);
  });

  it('answers 404 with a message when nothing matches', async () => {
    const res = await shop.app.inject('/api/products/search/zzzzqqqq');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No products match your search');
  });

  it('answers "null" (what the original web app asks for when the page has no ?q=) and an empty query alike: nothing found', async () => {
    const parts = (await shop.db.selectFrom('categories').select('id').where('type', '=', 'Components').executeTakeFirstOrThrow()).id;
    await factories(shop).product({ title: 'Pull-back Car', categoryId: parts, description: 'Wind it up and let go.' });
    // "null" is one typo away from "pull": searched as a word, it finds the car. Only the exact text is no query.
    expect(await titles('NULL')).toEqual(['Pull-back Car']);
    for (const url of ['/api/products/search/', '/api/products/search/%20', '/api/products/search/null', '/api/products/search/%20null%20']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'No products match your search', code: 'no_match' });
    }
  });

  it.each(['%', '_', "'", '"; DROP TABLE products; --', "robo' OR '1'='1", '🤖 drone', '\\', ' ', 'x'.repeat(2000), 'kit '.repeat(500), 'ab%_cd'])(
    'never fails on the query %j',
    async (q) => {
      const res = await shop.app.inject(`/api/products/search/${encodeURIComponent(q)}`);
      expect([200, 404]).toContain(res.statusCode);
      expect(res.json()).toBeDefined();
    },
  );

  it('refuses queries longer than 2,000 characters with a 4xx', async () => {
    const res = await shop.app.inject(`/api/products/search/${'y'.repeat(2001)}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('treats singular and plural as the same word', async () => {
    expect(await titles('sensors')).toEqual(['Ultrasonic Sensor']);
    expect(await titles('guards')).toEqual(['Propeller Guard Set']);
  });

  it('follows changes to a product once it is re-indexed, and counts products per word', async () => {
    const f = factories(shop);
    const parts = (await shop.db.selectFrom('categories').select('id').where('type', '=', 'Components').executeTakeFirstOrThrow()).id;
    const p = await f.product({ title: 'Gyroscope Module', categoryId: parts, description: 'Senses rotation.' });
    const count = async (term: string) => (await shop.db.selectFrom('search_vocab').select('doc_count').where('term', '=', term).executeTakeFirst())?.doc_count;
    expect(await titles('gyroscope')).toEqual(['Gyroscope Module']);
    expect(await count('gyroscope')).toBe(1);
    await shop.db.updateTable('products').set({ title: 'Accelerometer Module' }).where('id', '=', p.id).execute();
    await indexProducts(shop.db, [{ id: p.id, title: 'Accelerometer Module', description: 'Senses rotation.', category: 'Components' }]);
    await bumpPublicCacheVersion(shop.db); // changed behind the app's back, as an admin route would not
    expect(await titles('gyroscope')).toBe(404);
    expect(await count('gyroscope')).toBe(0);
    expect(await titles('accelerometer')).toEqual(['Accelerometer Module']);
    expect(await count('module')).toBe(1);
  });

  it('pages through results', async () => {
    const res = await shop.app.inject('/api/products/search/robobox?limit=1&offset=1');
    expect((res.json() as Found).map((p) => p.title)).toEqual(['Robobox Sumo Bot Kit']);
    const past = await shop.app.inject('/api/products/search/robobox?offset=50');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect((await shop.app.inject('/api/products/search/robobox?offset=501')).statusCode).toBe(400);
  });
});

describe.each(DB_KINDS)('search ranking rules on %s', (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(kind);
    const f = factories(shop);
    const gimbals = await f.category('Gimbal Parts');
    const other = await f.category('Camera Gear');
    // The category-only match is made first, so a lower id cannot explain the title matches ranking above it.
    await f.product({ title: 'Camera Mount Plate', categoryId: gimbals.id, description: 'Aluminium plate.' });
    await f.product({ title: 'Brushless Gimbal', categoryId: other.id, description: 'Three axes.' });
    await f.product({ title: 'Gimbal Motor', categoryId: other.id, description: 'For stabilisers.' });
  });
  afterAll(() => shop.close());

  it('ranks a title match above a category-only match, and equal matches by id (older first)', async () => {
    const res = await shop.app.inject('/api/products/search/gimbal');
    expect((res.json() as Found).map((p) => p.title)).toEqual(['Brushless Gimbal', 'Gimbal Motor', 'Camera Mount Plate']);
  });
});
