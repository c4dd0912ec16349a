import { expect, test, type Page } from '@playwright/test';

/** Every console error and every failed request of a page's life, for a visitor who is not signed in. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => problems.push(`failed ${req.url()}`));
  return problems;
}

test('a visitor who is not signed in loads the home, a product and a search page without a console error or a failed request', async ({ page }) => {
  const problems = watch(page);
  for (const url of ['/', '/product/1', '/searchquer?q=kit']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

for (const width of [360, 1280]) {
  test(`the advert carousel shows the whole slide and nothing of the next one at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const offers = page.getByRole('region', { name: 'Offers' });
    const slides = offers.getByRole('group');
    await expect(slides.first()).toBeVisible();
    // The carousel's code arrives after the first paint; once it runs, the dots follow the slides.
    await offers.getByRole('button', { name: 'Go to slide 2' }).click();
    await expect(offers.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
    // The pointer rests on the carousel (autoplay pauses); the scroll animation settles on slide 2.
    await expect
      .poll(() =>
        offers.evaluate((region) => {
          const viewport = region.firstElementChild!.getBoundingClientRect();
          return Math.abs(region.querySelectorAll('[aria-roledescription="slide"]')[1]!.getBoundingClientRect().left - viewport.left);
        }),
      )
      .toBeLessThan(0.5);

    const geometry = await offers.evaluate((region) => {
      const viewport = region.firstElementChild!.getBoundingClientRect();
      const slides = [...region.querySelectorAll('[aria-roledescription="slide"]')].map((s) => {
        const box = s.getBoundingClientRect();
        const img = s.querySelector('img')!.getBoundingClientRect();
        return { left: box.left, right: box.right, imgLeft: img.left, imgRight: img.right, clip: getComputedStyle(s).clipPath };
      });
      return { left: viewport.left, right: viewport.right, slides };
    });
    const active = geometry.slides[1]!;
    expect(active.imgLeft).toBeGreaterThanOrEqual(geometry.left - 1);
    expect(active.imgRight).toBeLessThanOrEqual(geometry.right + 1);
    for (const [i, s] of geometry.slides.entries()) {
      if (i === 1) continue;
      // Each slide hides one pixel at each side, so a neighbour closer than that never shows.
      expect(s.clip).toBe('inset(0px 1px)');
      const visible = Math.max(0, Math.min(s.right - 1, geometry.right) - Math.max(s.left + 1, geometry.left));
      expect(visible, `slide ${i + 1}`).toBe(0);
    }
  });
}
