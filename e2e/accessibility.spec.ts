import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { POLICY_SLUGS } from '@shared/policy-pages';
import { ADMIN, openSection } from './support/admin';
import { paidOrder } from './support/orders';

/**
 * Every screen of SPEC.md §2 (and the pages added since: category, policies, the dashboard's
 * sections), checked by axe at a phone's width and a desktop's: no serious or critical violation.
 * One page load per screen; the dashboard's sections are opened from its sidebar.
 */

const WIDTHS = [
  { name: 'at 360 px', viewport: { width: 360, height: 740 } },
  { name: 'on a desktop', viewport: { width: 1280, height: 800 } },
];

type Product = { id: number; price: number };

// The checks are independent: both workers take them (the file's tests would otherwise run one after another).
test.describe.configure({ mode: 'parallel' });

/** A dashboard section's own content, below the header and beside the sidebar. */
const SECTION = 'section[aria-labelledby="admin-section-heading"]';

/** axe's serious and critical findings on the page as it is now (or in `part` of it), one line each (rule, nodes). */
async function seriousViolations(page: Page, part?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const { violations } = await (part ? axe.include(part) : axe).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Checks the screen now shown; collects rather than stops, so one run lists every screen's findings. */
async function check(page: Page, screen: string, part?: string) {
  expect.soft(await seriousViolations(page, part), `axe on ${screen}`).toEqual([]);
}

/** Loads `path`, waits for the app (a page the server drew stays disabled until the app takes it over). */
async function load(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('#root > fieldset[data-drawing][disabled]')).toHaveCount(0);
}

/** Loads `path`, waits for `ready` to show, then checks the screen. */
async function visit(page: Page, screen: string, path: string, ready: Parameters<Page['getByRole']>) {
  await load(page, path);
  await expect(page.getByRole(...ready).first()).toBeVisible();
  await check(page, screen);
}

for (const { name, viewport } of WIDTHS) {
  test.describe(name, () => {
    test.use({ viewport });

    test('the shop screens a visitor sees have no serious accessibility violation', async ({ page }) => {
      test.setTimeout(120_000);
      const products = (await (await page.request.get('/api/products?limit=50')).json()) as Product[];
      const [category] = (await (await page.request.get('/api/categories')).json()) as { Id: number }[];

      await visit(page, 'home', '/', ['region', { name: 'Offers' }]);
      await visit(page, 'search results', '/searchquer?q=kit', ['heading', { name: /Search Results for/ }]);
      await visit(page, 'no search results', '/searchquer?q=qqqzzzxxxwww', ['heading', { level: 1 }]);
      await visit(page, 'category', `/category/${category!.Id}`, ['heading', { level: 1 }]);
      await visit(page, 'product', `/product/${products.find((p) => p.price > 0)!.id}`, ['button', { name: 'Add to Cart' }]);
      const free = products.find((p) => p.price <= 0)!;
      await visit(page, 'free product with its claim form', `/product/${free.id}`, ['form', { name: 'Claim this product for free' }]);
      await visit(page, 'cart, signed out', '/cart', ['link', { name: 'Login', exact: true }]);
      await visit(page, 'not found', '/no/such/page', ['heading', { name: 'Page not found' }]);
    });

    test('the forms and pages of text a visitor sees have no serious accessibility violation', async ({ page }) => {
      test.setTimeout(120_000);
      await visit(page, 'login', '/login', ['button', { name: 'Login', exact: true }]);
      await visit(page, 'sign-up', '/login?mode=signup', ['heading', { level: 1 }]);
      await visit(page, '3D printing', '/3dprinting', ['button', { name: /Submit/ }]);
      await visit(page, 'coming soon', '/soon', ['button', { name: 'Notify Me' }]);
      await visit(page, 'payment success', '/orderSucess', ['heading', { name: 'Payment Successful!' }]);
      await visit(page, 'payment failure', '/orderFail', ['heading', { name: 'Payment Failed' }]);
      await visit(page, 'edit profile, signed out', '/editprofile', ['heading', { level: 1 }]);
      for (const slug of POLICY_SLUGS) await visit(page, `policy ${slug}`, `/policies/${slug}`, ['heading', { level: 1 }]);
    });

    test('the shopper screens (cart with checkout, orders, profile) have no serious accessibility violation', async ({ page }) => {
      // Signs the page's context in (page.request shares its cookies) and places an order.
      await paidOrder(page.request, 'a11y');
      const products = (await (await page.request.get('/api/products?limit=50')).json()) as Product[];
      expect((await page.request.post('/api/cart', { data: { productId: products.find((p) => p.price > 0)!.id, quantity: 1 } })).ok()).toBe(true);

      await visit(page, 'cart', '/cart', ['button', { name: 'Checkout All' }]);
      await page.getByRole('button', { name: 'Checkout All' }).click();
      const checkout = page.getByRole('dialog');
      await expect(checkout.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
      await check(page, 'checkout');
      await checkout.getByRole('button', { name: 'Close' }).click();
      await visit(page, 'orders', '/Orders', ['heading', { name: 'Your Orders' }]);
      await visit(page, 'edit profile', '/editprofile', ['button', { name: 'Update Profile' }]);
    });

    for (const part of [0, 1]) {
      test(`the admin login and dashboard sections, part ${part + 1}, have no serious accessibility violation`, async ({ page }) => {
        test.setTimeout(120_000);
        await load(page, '/admin');
        await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
        if (part === 0) await check(page, 'admin login');
        await page.getByLabel('Username').fill(ADMIN.username);
        await page.getByLabel('Password').fill(ADMIN.password);
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
        const sections = await page.locator('nav[aria-label="Admin sections"] button').allTextContents();
        const half = Math.ceil(sections.length / 2);
        for (const [i, section] of (part === 0 ? sections.slice(0, half) : sections.slice(half)).entries()) {
          await openSection(page, section);
          // (On a phone the sidebar is closed again once a section is chosen: not a role-visible element.)
          await expect(page.locator('nav[aria-label="Admin sections"] [aria-current="page"]')).toHaveText(section);
          // The section's lists load after it opens: wait until no spinner is left.
          await expect(page.getByRole('status')).toHaveCount(0);
          // The header and sidebar are the same in every section: checked with the first one.
          await check(page, `admin section ${section}`, i === 0 ? undefined : SECTION);
        }
        if (part === 1) {
          // The dashboard's dialogs of SPEC.md §2.
          await openSection(page, 'Manage Products');
          await page
            .getByRole('button', { name: /^Edit / })
            .first()
            .click();
          await expect(page.getByRole('dialog', { name: 'Edit Product' })).toBeVisible();
          await check(page, 'Edit Product dialog', 'dialog[open]');
          await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
          await openSection(page, 'Manage Coupons');
          await page.getByRole('button', { name: 'Add Coupon' }).click();
          await expect(page.getByRole('dialog', { name: 'Add New Coupon' })).toBeVisible();
          await check(page, 'Add New Coupon dialog', 'dialog[open]');
        }
      });
    }
  });
}
