import { describe, expect, it } from 'vitest';
import type { HomePage, Product } from '@shared/catalogue.schemas';
import { DEFAULT_CONFIG } from '@/lib/config';
import { configure, renderPage } from './entry-server';

const product = (id: number, title: string, price = 2499): Product => ({
  id,
  title,
  price,
  description: `All about the ${title}.`,
  images: [`/uploads/products/p${id}.png`],
  category: 'Robobox Kits',
  stock: null,
});

/**
 * The drawing is put in place as it is: no script may be needed to finish it and nothing may wait
 * behind a spinner. A Suspense boundary may stand only around what shows nothing but the page's
 * answer and props, as the home page's category rows do (decision 028): React hydrates the inside
 * of one in a later pass, and answers arriving in between (who is signed in) would meet stale
 * attributes (app/lazy-page.tsx). `rows`: the page's category rows stand in boundaries of their own.
 */
function expectComplete(html: string, rows = false) {
  const boundaries = [...html.matchAll(/<!--\$-->(.*?)<!--\/\$-->/gs)].map((m) => m[1]!);
  if (rows) {
    expect(boundaries.length).toBeGreaterThan(0);
    for (const inside of boundaries) {
      expect(inside).toMatch(/^<section aria-labelledby="category-\d+"/);
      expect(inside).not.toMatch(/<header|<footer|Loading your account|Add to Cart/);
    }
  } else {
    expect(boundaries).toEqual([]);
  }
  expect(html).not.toMatch(/<!--\$[?!]/); // a boundary still waiting, or left to the browser to draw
  expect(html).not.toContain('<script');
  expect(html).not.toContain('<template');
  expect(html).not.toMatch(/hidden id="S:/);
  expect(html).not.toContain('<!--$?-->');
  expect(html).not.toContain('>Loading<'); // the page's spinner (the header's own waits for the shopper)
}

describe('the server drawing of the first page', () => {
  it('draws a product page whole: header, images, title, price, add to cart and footer', async () => {
    const html = await renderPage('/product/7', product(7, 'Robobox <Starter> Kit'));
    expectComplete(html);
    expect(html).toContain('<header');
    expect(html).toContain('Robobox &lt;Starter&gt; Kit</h1>');
    expect(html).toContain('₹2,499.00');
    expect(html).toContain('Add to Cart');
    expect(html).toMatch(/<img[^>]*src="\/uploads\/products\/p7\.png"[^>]*fetchPriority="high"/);
    expect(html).toContain('<footer');
  });

  it('marks the first picture of each page, and it alone, for Element Timing: the app is fetched once it is on screen (decision 091)', async () => {
    const pages = [
      ['/product/7', product(7, 'Servo'), '/uploads/products/p7.png'],
      [
        '/',
        {
          adverts: [{ id: 1, url: '/uploads/adverts/a1.png' }],
          sections: [{ category: { Id: 1, type: 'Robobox Kits' }, total: 1, products: [product(1, 'Line Follower')] }],
        },
        '/uploads/adverts/a1.png',
      ],
      ['/searchquer?q=robot', [product(4, 'Robot Kit One'), product(5, 'Robot Kit Two')], '/uploads/products/p4.png'],
    ] as const;
    for (const [url, data, first] of pages) {
      const html = await renderPage(url, data);
      const marked = [...html.matchAll(/<img[^>]*elementtiming="main-picture"[^>]*>/g)].map((m) => m[0]);
      expect(marked, url).toHaveLength(1);
      expect(marked[0], url).toContain(`src="${first}"`);
      expect(marked[0], url).toContain('fetchPriority="high"');
    }
  });

  it('draws the home page with its first advert at high priority and every section', async () => {
    const home: HomePage = {
      adverts: [
        { id: 1, url: '/uploads/adverts/a1.png' },
        { id: 2, url: '/uploads/adverts/a2.png' },
      ],
      sections: [
        { category: { Id: 1, type: 'Robobox Kits' }, total: 2, products: [product(1, 'Line Follower'), product(2, 'Maze Solver')] },
        { category: { Id: 2, type: 'Drone Kits' }, total: 1, products: [product(3, 'Quadcopter')] },
      ],
    };
    const html = await renderPage('/', home);
    expectComplete(html, true);
    expect(html).toMatch(/<img[^>]*src="\/uploads\/adverts\/a1\.png"[^>]*fetchPriority="high"/);
    // The second advert's slide is drawn empty: its picture is asked for once the page is idle (decision 070).
    expect(html).toContain('aria-label="2 of 2"');
    expect(html).not.toContain('/uploads/adverts/a2.png');
    // The cards' pictures, lazy but in view under the advert on a phone, are fetched at low priority:
    // only the advert's is high, and nothing shares its bandwidth (decision 082).
    for (const id of [1, 2, 3]) expect(html).toMatch(new RegExp(`<img[^>]*src="/uploads/products/p${id}\\.png"[^>]*loading="lazy"[^>]*fetchPriority="low"`));
    expect(html.match(/<img[^>]*fetchPriority="high"/g)).toHaveLength(1);
    for (const text of ['Robobox Kits', 'Drone Kits', 'Line Follower', 'Maze Solver', 'Quadcopter']) expect(html).toContain(text);
  });

  it('draws search results for the query in the address', async () => {
    const html = await renderPage('/searchquer?q=robot%20kit', [product(4, 'Robot Kit One'), product(5, 'Robot Kit Two')]);
    expectComplete(html);
    expect(html).toContain('Search Results for &quot;robot kit&quot;');
    expect(html).toContain('Robot Kit One');
    expect(html).toContain('Robot Kit Two');
    // The first result's picture alone is fetched at once and first (the page's largest paint); the next one waits its turn.
    expect(html).toMatch(/<img[^>]*src="\/uploads\/products\/p4\.png"[^>]*loading="eager"[^>]*fetchPriority="high"/);
    expect(html).toMatch(/<img[^>]*src="\/uploads\/products\/p5\.png"[^>]*loading="lazy"[^>]*fetchPriority="auto"/);
  });

  it('uses the shop name and links it is configured with', async () => {
    configure({ ...DEFAULT_CONFIG, shopName: 'Maker Shop', links: { ...DEFAULT_CONFIG.links, about: 'https://maker.example/about/' } });
    try {
      const html = await renderPage('/product/8', product(8, 'Servo'));
      expect(html).toContain('Maker Shop');
      expect(html).toContain('https://maker.example/about/');
    } finally {
      configure(DEFAULT_CONFIG);
    }
  });
});
