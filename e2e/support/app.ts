import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has taken over the page. A page the server drew (home, product, search,
 * policies) stands inside a disabled fieldset until then, and a hover or a click before it reaches
 * no handler. Another page (a category, reached by a link followed before the app took over the
 * page it was on) holds only the header's first paint until the app draws it, with its `main`.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator('#root main')).toBeAttached();
  await expect(page.locator('#root > fieldset[data-drawing][disabled]')).toHaveCount(0);
}
