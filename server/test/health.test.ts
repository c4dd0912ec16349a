import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchLoadGate } from '../src/modules/search/search-replica';
import { LocalStorage } from '../src/storage/local-storage';
import { DB_KINDS } from './helpers/databases';
import { searchWarm, startTestShop, type TestShop } from './helpers/test-app';

/** A disk whose health check can be made to fail, counting the checks. */
class WatchedStorage extends LocalStorage {
  reachable = true;
  pings = 0;
  override async ping(): Promise<boolean> {
    this.pings++;
    return this.reachable;
  }
}

describe.each(DB_KINDS)('health for a balancer and an orchestrator on %s', (kind) => {
  let shop: TestShop;
  let storage: WatchedStorage;
  beforeAll(async () => {
    shop = await startTestShop(kind, { HEALTH_CHECK_INTERVAL_MS: '100' }, { storage: (config) => (storage = new WatchedStorage(config.uploadsDir)) });
  });
  afterAll(() => shop.close());

  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  }

  it('answers liveness without looking at any dependency, and readiness from the last background check', async () => {
    const live = await shop.app.inject('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await shop.app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: 'up', storage: 'up', redis: 'off' });
    expect(ready.headers['cache-control']).toBe('no-store');
    // Probes never call the storage themselves: twenty probes in a row cost no check.
    const pings = storage.pings;
    for (let i = 0; i < 20; i++) await shop.app.inject('/api/health/ready');
    expect(storage.pings - pings).toBeLessThan(20);
  });

  it('stays ready (degraded, 200) while storage is down, on /api/health too, and says ok again when it is back', async () => {
    storage.reachable = false;
    await until(async () => (await shop.app.inject('/api/health/ready')).json().storage === 'down');
    for (const url of ['/api/health/ready', '/api/health']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toMatchObject({ status: 'degraded', database: 'up', storage: 'down' });
    }
    expect((await shop.app.inject('/api/health/live')).statusCode).toBe(200);
    storage.reachable = true;
    await until(async () => (await shop.app.inject('/api/health/ready')).json().status === 'ok');
    expect((await shop.app.inject('/api/health')).json()).toMatchObject({ status: 'ok', storage: 'up' });
  });
});

describe.each(DB_KINDS)('readiness waits for the search index in memory on %s (decision 052)', (kind) => {
  /** Holds every replica's first load until released. */
  function holdLoads() {
    let release!: () => void;
    searchLoadGate.wait = new Promise<void>((resolve) => (release = resolve));
    return () => {
      searchLoadGate.wait = null;
      release();
    };
  }

  it('answers 503 `starting` (search index loading) while the index loads, live 200 all along, then 200 from memory', async () => {
    const release = holdLoads();
    const shop = await startTestShop(kind, {}, { waitForSearch: false });
    try {
      for (const url of ['/api/health/ready', '/api/health']) {
        const res = await shop.app.inject(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.json(), url).toMatchObject({ status: 'starting', reason: 'search index loading', database: 'up', search: 'loading' });
      }
      expect((await shop.app.inject('/api/health/live')).statusCode).toBe(200);
      release();
      await searchWarm(shop.app);
      const ready = await shop.app.inject('/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ok', search: 'memory' });
      expect(ready.json()).not.toHaveProperty('reason');
    } finally {
      release();
      await shop.close();
    }
  });

  it('becomes ready after SEARCH_READY_TIMEOUT_MS when the index cannot load, searching the tables', async () => {
    const release = holdLoads();
    const shop = await startTestShop(kind, { SEARCH_READY_TIMEOUT_MS: '0' }, { waitForSearch: false });
    try {
      const ready = await shop.app.inject('/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ok', search: 'loading' });
      // Searches answer meanwhile, from the tables.
      expect((await shop.app.inject('/api/products/search/anything')).statusCode).toBeLessThan(500);
    } finally {
      release();
      await shop.close();
    }
  });

  it('stays on the tables, and ready, with SEARCH_IN_MEMORY=0', async () => {
    const shop = await startTestShop(kind, { SEARCH_IN_MEMORY: '0' });
    try {
      const ready = await shop.app.inject('/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ok', search: 'tables' });
    } finally {
      await shop.close();
    }
  });
});
