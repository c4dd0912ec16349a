import { expect, test, type Locator, type Page } from '@playwright/test';

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

/** Where a carousel's slides stand against the box that clips them, and how the current slide's picture is fitted. */
type Geometry = {
  selected: number;
  viewport: { left: number; right: number; top: number; bottom: number };
  slides: { left: number; right: number }[];
  image: { left: number; right: number; top: number; bottom: number; fit: string };
};

function geometry(carousel: Locator): Promise<Geometry> {
  return carousel.evaluate((region) => {
    const slides = [...region.querySelectorAll('[aria-roledescription="slide"]')];
    // The viewport is the slides' nearest ancestor that hides what overflows it.
    let viewport = slides[0]!.parentElement!;
    while (getComputedStyle(viewport).overflowX !== 'hidden') viewport = viewport.parentElement!;
    const dots = [...region.querySelectorAll('button[aria-label^="Go to slide"]')];
    const selected = dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true');
    const img = slides[selected]!.querySelector('img')!;
    const { left, right, top, bottom } = viewport.getBoundingClientRect();
    const box = img.getBoundingClientRect();
    return {
      selected,
      viewport: { left, right, top, bottom },
      slides: slides.map((slide) => ({ left: slide.getBoundingClientRect().left, right: slide.getBoundingClientRect().right })),
      image: { left: box.left, right: box.right, top: box.top, bottom: box.bottom, fit: getComputedStyle(img).objectFit },
    };
  });
}

/** The geometry once the slides have stopped moving (two reads a quarter second apart agree). */
async function settledGeometry(carousel: Locator): Promise<Geometry> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await geometry(carousel));
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [250] },
    )
    .toBe(true);
  return JSON.parse(last) as Geometry;
}

const carousels = [
  { path: '/', name: 'Offers', width: 360, fit: 'contain' },
  { path: '/', name: 'Offers', width: 1280, fit: 'contain' },
  // The product page's two columns make its carousel 348.5 px wide: slides measured in whole pixels
  // would stop half a pixel off, showing a sliver of the neighbour.
  { path: '/product/1', name: /^Images of /, width: 769, fit: 'cover' },
];

for (const { path, name, width, fit } of carousels) {
  test(`the carousel of ${path} shows the whole current slide and nothing of its neighbours at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(path);
    const carousel = page.getByRole('region', { name });
    const slides = carousel.getByRole('group');
    await expect(slides.first()).toBeVisible();
    const count = await slides.count();
    expect(count).toBeGreaterThan(2);

    // A slide in the middle, the last one, then on round the loop to the first.
    for (const n of [2, count, 1]) {
      const dot = carousel.getByRole('button', { name: `Go to slide ${n}` });
      // The carousel's code arrives after the first paint; until it runs a dot does nothing.
      await expect(async () => {
        await dot.click();
        await expect(dot).toHaveAttribute('aria-current', 'true', { timeout: 1000 });
      }).toPass();
      // The shopper looks at the picture: autoplay waits while the pointer rests on it. (Hovering the
      // slide itself would have Playwright scroll the clipping box to bring it into view.)
      await carousel.hover({ position: { x: 10, y: 10 } });

      const g = await settledGeometry(carousel);
      const { viewport, image } = g;
      // The whole picture of the current slide (which autoplay may have moved on from slide n) is inside.
      expect(image.fit).toBe(fit);
      expect(image.left).toBeGreaterThanOrEqual(viewport.left);
      expect(image.right).toBeLessThanOrEqual(viewport.right);
      expect(image.top).toBeGreaterThanOrEqual(viewport.top);
      expect(image.bottom).toBeLessThanOrEqual(viewport.bottom);
      // The next slide waits at the right edge (after the last slide the carousel brings the first
      // round only as it moves); no other slide shows either.
      if (g.selected + 1 < count) expect(g.slides[g.selected + 1]!.left, `slide ${g.selected + 2}`).toBeGreaterThanOrEqual(viewport.right);
      for (const [i, slide] of g.slides.entries()) {
        if (i === g.selected) continue;
        expect(slide.right <= viewport.left || slide.left >= viewport.right, `slide ${i + 1} is out of sight: ${JSON.stringify(g)}`).toBe(true);
      }
    }
  });
}
