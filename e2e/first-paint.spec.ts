import { expect, test } from '@playwright/test';
import { appTookOver } from './support/app';

test.describe('before the app has run', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });

  test('the home, a product and a search page arrive drawn: the largest picture, names and prices, working links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('img', { name: 'Offer 1 of 3' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Robobox Kits' })).toBeVisible();
    // The picture has arrived and is painted, not only its box.
    expect(await page.getByRole('img', { name: 'Offer 1 of 3' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.goto('/product/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Robobox Starter Kit' })).toBeVisible();
    await expect(page.getByText('₹2,499.00').first()).toBeVisible();
    // Buttons wait for the app: they are drawn disabled.
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();

    await page.goto('/searchquer?q=robobox');
    await expect(page.getByRole('heading', { name: 'Search Results for "robobox"' })).toBeVisible();
    // A link in the drawing is a real link.
    await page.getByRole('link', { name: 'View Details' }).first().click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('the app takes over the drawn page: its buttons work', async ({ page }) => {
  await page.goto('/product/1');
  await appTookOver(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Please log in to add items to your cart')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Robobox Starter Kit' })).toHaveCount(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("the app's code is asked for only once the page's largest paint, its main picture, is on screen (decision 091)", async ({ page }) => {
    for (const path of ['/', '/product/1', '/searchquer?q=robobox']) {
      await page.goto(path);
      await appTookOver(page);
      const { largest, isMainPicture, modules } = await page.evaluate(() => {
        // Buffered entries are in the observer's records as soon as it observes.
        const observer = new PerformanceObserver(() => {});
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
        const lcp = observer.takeRecords().at(-1) as (PerformanceEntry & { renderTime: number; element: Element | null }) | undefined;
        observer.disconnect();
        const scripts = performance.getEntriesByType('resource').filter((r) => /\/assets\/[^/]+\.js$/.test(r.name));
        return {
          largest: lcp?.renderTime ?? 0,
          isMainPicture: lcp?.element !== undefined && lcp.element === document.querySelector('#root img[fetchpriority=high]'),
          modules: scripts.map((r) => r.startTime),
        };
      });
      expect(isMainPicture, `${path}: the largest paint is the main picture`).toBe(true);
      expect(modules.length, path).toBeGreaterThan(0);
      // Paint times are coarsened to 4 ms (no cross-origin isolation). A module asked for before the
      // largest paint was presented may arrive before it, and Lighthouse then counts it in the LCP.
      expect(Math.min(...modules), `${path}: the first module asked for after the largest paint`).toBeGreaterThanOrEqual(largest - 4);
    }
  });
});
