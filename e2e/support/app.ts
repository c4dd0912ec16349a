import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has taken over the page the server drew: the drawing stands inside a
 * disabled fieldset until then, and a hover or a click before it reaches no handler.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator('#root > fieldset[data-drawing]')).not.toHaveAttribute('disabled');
}
