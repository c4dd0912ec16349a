import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../src/modules/jobs/jobs';
import { reconcile } from '../src/modules/orders/orders.service';
import { searchReplicaOf } from '../src/modules/search/search-replica';
import { adminToken, ADMIN_PASSWORD, asAdmin } from './helpers/admin';
import { paidOrderFrom } from './helpers/checkout';
import { DB_KINDS } from './helpers/databases';
import { factories, startTestShop, type TestShop } from './helpers/test-app';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The value of one sample line of the exposition (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(DB_KINDS)('GET /metrics on %s', (kind) => {
  let shop: TestShop;
  let base: string;
  const scrape = async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    shop = await startTestShop(kind, { METRICS_TOKEN: TOKEN, ADMIN_PASSWORD, SIMULATED_WEBHOOK_DELAY_MS: '60000', JOBS: '0' });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => shop.close());

  it('answers only the bearer of METRICS_TOKEN, in Prometheus text, never cached', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await shop.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toMatchObject({ code: 'metrics_unauthorized' });
      expect(res.body).not.toContain('shop_http_request_duration_seconds');
    }
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('# TYPE shop_http_request_duration_seconds histogram');
    // Not a shopper's page or API: absent from the OpenAPI document.
    expect(JSON.stringify((await shop.app.inject('/api/docs/json')).json().paths)).not.toContain('/metrics');
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const f = factories(shop);
    const category = await f.category('Metric kits');
    const product = await f.product({ title: 'Counted kit', categoryId: category.id });
    for (let i = 0; i < 3; i++) expect((await shop.app.inject(`/api/product/${product.id}`)).statusCode).toBe(200);
    expect((await shop.app.inject('/api/product/987654')).statusCode).toBe(404);
    const text = await scrape();
    expect(sample(text, 'shop_http_request_duration_seconds_count{method="GET",route="/api/product/:id",status="200"}')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'shop_http_request_duration_seconds_count{method="GET",route="/api/product/:id",status="404"}')).toBe(1);
    expect(text).not.toContain(`/api/product/${product.id}`);
    expect(text).not.toContain('987654');
  });

  it("counts the public cache's hits and misses, also the answers sent before Fastify", async () => {
    const before = await scrape();
    const hitsBefore = sample(before, 'shop_public_cache_hits_total{path="fastify"}') ?? 0;
    const missesBefore = sample(before, 'shop_public_cache_misses_total') ?? 0;
    const fastBefore = sample(before, 'shop_public_cache_hits_total{path="before_fastify"}') ?? 0;
    // Stored on its second ask (decision 029), then answered from the cache.
    for (let i = 0; i < 3; i++) expect((await shop.app.inject('/api/categories')).statusCode).toBe(200);
    // Over HTTP, a visitor's repeat leaves from the fast path.
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/categories`)).status).toBe(200);
    const after = await scrape();
    expect(sample(after, 'shop_public_cache_misses_total')! - missesBefore).toBe(2);
    expect(sample(after, 'shop_public_cache_hits_total{path="fastify"}')! - hitsBefore).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'shop_public_cache_hits_total{path="before_fastify"}')! - fastBefore).toBeGreaterThanOrEqual(1);
  });

  it('shows orders created and paid, refunds settled with their amount, and job runs', async () => {
    const f = factories(shop);
    const category = await f.category('Refund kits');
    const kit = await f.product({ title: 'Refunded kit', categoryId: category.id, pricePaise: 50_000 });
    const { order } = await paidOrderFrom(shop, 'Maharashtra', [[kit.id, 1]]);
    const admin = asAdmin(shop, await adminToken(shop));
    expect((await admin.post(`/api/admin/orders/${order.orderId}/refunds`, { amount: 123.45, idempotencyKey: `metrics-${kind}-refund` })).statusCode).toBe(201);
    await reconcile(shop.app.orderDeps, 30);

    const jobs = startJobs(shop.app);
    await jobs.tick();
    await jobs.stop();
    const failing = shop.app.metrics.counted({ name: 'failing-job', everyMs: 0, run: () => Promise.reject(new Error('down')) });
    await expect(failing.run()).rejects.toThrow('down');

    const text = await scrape();
    expect(sample(text, 'shop_orders_created_total')).toBe(1);
    expect(sample(text, 'shop_orders_paid_total')).toBe(1);
    expect(sample(text, 'shop_refunds_total{outcome="processed"}')).toBe(1);
    expect(sample(text, 'shop_refunds_amount_rupees_total{outcome="processed"}')).toBe(123.45);
    expect(sample(text, 'shop_job_runs_total{job="reconcile-payments",outcome="ok"}')).toBe(1);
    expect(sample(text, 'shop_job_runs_total{job="failing-job",outcome="failed"}')).toBe(1);
  });

  it("shows the search index's state and size, and PostgreSQL's pool", async () => {
    await waitFor(() => searchReplicaOf(shop.db)?.loaded === true, 'the search index to load');
    // Searched once: the copy in memory catches up with the products added by the tests above.
    expect((await shop.app.inject('/api/products/search/kit')).statusCode).toBe(200);
    const products = await shop.db.selectFrom('products').select('id').execute();
    const text = await scrape();
    expect(sample(text, 'shop_search_index_state{state="memory"}')).toBe(1);
    expect(sample(text, 'shop_search_index_state{state="loading"}')).toBe(0);
    expect(sample(text, 'shop_search_index_documents')).toBe(products.length);
    if (kind === 'postgres') {
      expect(sample(text, 'shop_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'shop_db_pool_waiting_requests')).toBe(0);
    } else {
      // SQLite has no pool: one connection, used synchronously.
      expect(text).not.toContain('shop_db_pool');
    }
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is off: 404 JSON, whoever asks', async () => {
    const shop = await startTestShop('sqlite');
    try {
      for (const headers of [{}, { authorization: 'Bearer anything-at-all-here' }]) {
        const res = await shop.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
      }
    } finally {
      await shop.close();
    }
  });
});
