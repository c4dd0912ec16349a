/**
 * Checkout throughput: completed orders per second through the real API path
 * (cart → createBulkOrder → simulated payment → processOrder), over real HTTP
 * against the compiled shop on SQLite, with several shoppers at once; then the
 * database is checked: every order the shop confirmed is placed once, none is
 * lost or doubled.
 *
 *   npm run bench:checkout                       # 10 shoppers at once, 20 s
 *   BENCH_QUICK=1 npm run bench:checkout         # 5 s
 *   BENCH_CHECKOUT_SHOPPERS=20 BENCH_CHECKOUT_SECONDS=30 npm run bench:checkout
 */
import path from 'node:path';
import { createDb } from '../../server/src/db/database';
import { loadAverage, machineLine, ms, percentile, processCpuMs, table } from '../lib/stats';
import { runBench, startShop } from '../lib/server-process';

const QUICK = process.env.BENCH_QUICK === '1';
const SHOPPERS = Number(process.env.BENCH_CHECKOUT_SHOPPERS ?? 10);
const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? (QUICK ? 5 : 20));

async function main() {
  console.log(`Checkout benchmark: ${machineLine()}, load average ${loadAverage()}`);
  console.log(`${SHOPPERS} shoppers checking out at once for ${SECONDS} s; compiled shop on SQLite with the demo catalogue.`);
  const shop = await startShop({ AUTH_RATE_LIMIT: '0', FORM_RATE_LIMIT: '100000', SIMULATED_WEBHOOK_DELAY_MS: '60000' });
  // The bench reads the shop's database (its outbox, its orders) as an operator would.
  const db = createDb({ kind: 'sqlite', file: path.join(shop.dataDir, 'shop.sqlite') });
  try {
    const origin = shop.url;
    const call = async (method: string, url: string, cookie: string, body?: unknown) => {
      const res = await fetch(`${shop.url}${url}`, {
        method,
        headers: { origin, cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
      return { json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
    };
    const products = (await (await fetch(`${shop.url}/api/products?limit=500`)).json()) as { id: number; price: number }[];
    const paid = products.filter((p) => p.price > 0);

    // Shoppers: sign up, follow the verification mail from the outbox, sign in.
    const cookies: string[] = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const email = `bench${Date.now().toString(36)}${i}@example.com`;
      const details = {
        email,
        password: 'correct-horse-1',
        name: `bench_${i}`,
        username: `bench_${Date.now().toString(36)}_${i}`,
        phone: '9876543210',
        address: '12 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        zipCode: '411001',
      };
      await call('POST', '/api/auth/sign-up/email', '', details);
      const mail = await db.selectFrom('outbox').select('text_body').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
      const token = decodeURIComponent(/\/verify-email\?token=([^\s&]+)/.exec(mail.text_body)![1]!);
      await fetch(`${shop.url}/api/auth/verify-email?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
      const res = await fetch(`${shop.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: details.password }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      cookies.push(
        res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      );
    }

    const confirmed: string[] = [];
    const failures: string[] = [];
    const latencies: number[] = [];
    const deadline = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const shopCpuBefore = processCpuMs(shop.child.pid!);
    const benchCpuBefore = process.cpuUsage();
    await Promise.all(
      cookies.map(async (cookie, i) => {
        let n = 0;
        while (performance.now() < deadline) {
          const t0 = performance.now();
          try {
            const product = paid[(i + n++) % paid.length]!;
            await call('POST', '/api/cart', cookie, { productId: product.id, quantity: 1 });
            const order = (await call('POST', '/api/createBulkOrder', cookie, { items: [{ productId: product.id, quantity: 1 }] })).json;
            const payment = (await call('POST', `/api/payments/simulated/${String(order.id)}/pay`, cookie, {})).json;
            const done = (await call('POST', '/api/processOrder', cookie, payment)).json;
            if (done.success !== true) throw new Error(`processOrder: ${JSON.stringify(done)}`);
            confirmed.push(String(done.orderId));
            latencies.push(performance.now() - t0);
          } catch (err) {
            failures.push(String(err));
            // a failed round may leave the product in the cart: empty it before the next one
            await fetch(`${shop.url}/api/cart`, { headers: { cookie } })
              .then((r) => r.json() as Promise<{ items: { id: number }[] }>)
              .then((cart) =>
                Promise.all(cart.items.map((item) => fetch(`${shop.url}/api/cart/${item.id}`, { method: 'DELETE', headers: { cookie, origin } }))),
              )
              .catch(() => {});
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const shopCpuPerOrder = (processCpuMs(shop.child.pid!) - shopCpuBefore) / confirmed.length;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const benchCpuPerOrder = (benchCpu.user + benchCpu.system) / 1000 / confirmed.length;

    const placed = await db.selectFrom('orders').select(['order_code', 'status']).where('status', '!=', 'pending_payment').execute();
    const placedCount = new Map<string, number>();
    for (const o of placed) placedCount.set(o.order_code, (placedCount.get(o.order_code) ?? 0) + 1);
    const lost = confirmed.filter((id) => !placedCount.has(id)).length;
    const doubled = [...placedCount.values()].filter((n) => n > 1).length + (confirmed.length - new Set(confirmed).size);
    console.log(
      table(
        [
          'shoppers',
          'seconds',
          'orders completed',
          'orders/s',
          'checkout p50 / p95 (ms)',
          'shop / bench CPU per order (ms)',
          'failed rounds',
          'lost',
          'doubled',
        ],
        [
          [
            SHOPPERS,
            elapsed.toFixed(1),
            confirmed.length,
            (confirmed.length / elapsed).toFixed(1),
            `${ms(percentile(latencies, 50), 0)} / ${ms(percentile(latencies, 95), 0)}`,
            `${ms(shopCpuPerOrder)} / ${ms(benchCpuPerOrder)}`,
            failures.length,
            lost,
            doubled,
          ],
        ],
      ),
    );
    if (failures.length) console.log(`first failures:\n  ${failures.slice(0, 3).join('\n  ')}`);
  } finally {
    await db.destroy();
    await shop.stop();
  }
}

runBench(main);
