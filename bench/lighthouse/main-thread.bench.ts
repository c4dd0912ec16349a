/**
 * The storefront's main-thread work after the first paint, measured in CPU time rather than wall
 * time: Lighthouse's total blocking time moves 2x from run to run on a busy 2-core machine, because
 * a task's wall time includes the time other processes had the CPU. This bench loads the home,
 * product and search pages of the real shop in Debian's Chromium (phone viewport, no throttling),
 * traces them, and sums over the page's main-thread tasks after the first contentful paint:
 * - "blocking (x4)": max(0, 4 x task CPU - 50 ms), Lighthouse's rule on its simulated 4x slower phone;
 * - tasks over 12.5 ms of CPU (those that count in that sum), the longest task, all the CPU after FCP.
 * The page runs with the debugger attached and async stacks on, as under Lighthouse (its
 * enableAsyncStacks): V8 then keeps source positions as it compiles, and records a stack for every
 * promise and timer. Without it, the first Error that React DOM creates at its start made V8 parse
 * React DOM's whole module again for the error's stack (a task of 55-65 ms that Lighthouse never
 * sees; decision 061). BENCH_MAIN_THREAD_DEBUGGER=0 measures without it.
 *
 *   npm run bench:main-thread                       # builds first; 5 loads per page
 *   BENCH_BASELINE_URL=http://127.0.0.1:3312 npm run bench:main-thread
 *       # also loads the same pages from another running shop (an older build), alternately
 *
 * Environment: CHROME_PATH (default /usr/bin/chromium), BENCH_MAIN_THREAD_RUNS (default 5),
 * BENCH_MAIN_THREAD_DEBUGGER (default 1), BENCH_SHOP_URL (a shop of this build already running, e.g. started
 * with `npm run serve`, instead of one started here: on a busy machine the start can outlast the wait).
 */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/support/chromium';
import { machineLine, percentile, table } from '../lib/stats';
import { runBench, startShop } from '../lib/server-process';

const RUNS = Number(process.env.BENCH_MAIN_THREAD_RUNS ?? 5);
const BASELINE = process.env.BENCH_BASELINE_URL;
const DEBUGGER = process.env.BENCH_MAIN_THREAD_DEBUGGER !== '0';
const PAGES = ['/', '/product/1', '/searchquer?q=robobox'];
/** Lighthouse's mobile profile: CPU 4x slower, and a task blocks for what it lasts over 50 ms. */
const SLOWDOWN = 4;
const BLOCKING_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

interface Load {
  blocking: number;
  long: number;
  max: number;
  total: number;
}

async function load(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    if (DEBUGGER) {
      // What Lighthouse does before it loads a page (lighthouse/core/gather/driver/prepare.js).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Debugger.enable');
      await cdp.send('Debugger.setSkipAllPauses', { skip: true });
      await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 8 });
    }
    await browser.startTracing(undefined, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
    await page.goto(url, { waitUntil: 'load' });
    // The app starts after the largest picture; its work is done well within this.
    await page.waitForTimeout(5000);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    if (!fcp) throw new Error(`no first contentful paint in the trace of ${url}`);
    const cpu = events
      .filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.name === 'RunTask' && e.ph === 'X' && e.ts > fcp.ts && e.tdur !== undefined)
      .map((e) => e.tdur! / 1000);
    return {
      blocking: cpu.reduce((sum, d) => sum + Math.max(0, SLOWDOWN * d - BLOCKING_MS), 0),
      long: cpu.filter((d) => SLOWDOWN * d > BLOCKING_MS).length,
      max: Math.max(0, ...cpu),
      total: cpu.reduce((sum, d) => sum + d, 0),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  console.log(
    `Main-thread work after the first paint: ${machineLine()}; ${RUNS} loads per page${DEBUGGER ? ', debugger attached as under Lighthouse' : ''}${BASELINE ? `, alternating with ${BASELINE}` : ''}`,
  );
  const shop = process.env.BENCH_SHOP_URL ? { url: process.env.BENCH_SHOP_URL, stop: async () => {} } : await startShop();
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const shops = [{ name: 'this build', url: shop.url }, ...(BASELINE ? [{ name: 'baseline', url: BASELINE }] : [])];
  const rows: (string | number)[][] = [];
  try {
    for (const path of PAGES) {
      const loads = shops.map(() => [] as Load[]);
      for (let i = 0; i < RUNS; i++) for (const [s, { url }] of shops.entries()) loads[s]!.push(await load(browser, `${url}${path}`));
      for (const [s, { name }] of shops.entries()) {
        const median = (pick: (l: Load) => number) => percentile(loads[s]!.map(pick), 50).toFixed(0);
        rows.push([path, name, median((l) => l.blocking), median((l) => l.long), median((l) => l.max), median((l) => l.total)]);
      }
    }
  } finally {
    await browser.close();
    await shop.stop();
  }
  console.log(table(['page', 'shop', 'blocking (x4), ms', 'tasks over 12.5 ms', 'longest task, ms', 'CPU after FCP, ms'], rows));
  console.log('Medians of thread CPU time (not wall time) of the renderer main thread, no throttling.');
}

runBench(main);
