import { expect, test } from '@playwright/test';

test('the layout toggle and the card size are remembered on the device', async ({ page }) => {
  // Three page loads and a dozen checks: on a slow machine this outgrows the default 30 s.
  test.slow();
  await page.goto('/');
  const carousel = page.getByRole('button', { name: 'Carousel' });
  const grid = page.getByRole('button', { name: 'Grid' });
  const size = page.getByLabel('Card Size');
  const list = page.getByRole('list', { name: 'Components' });
  await expect(carousel).toHaveAttribute('aria-pressed', 'true');
  await expect(size).toHaveValue('medium');
  // A row's arrows are measured when the row is drawn: rows out of sight are not laid out
  // (content-visibility) until the shopper scrolls to them.
  await list.scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Scroll Components right' })).toBeVisible();

  // Carousel: one row that scrolls sideways, 300 px per arrow press.
  const before = await list.evaluate((el) => el.scrollLeft);
  await page.getByRole('button', { name: 'Scroll Components right' }).click();
  await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBe(before + 300);

  await grid.click();
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Scroll Components right' })).toHaveCount(0);
  const columns = () => list.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(await columns()).toBe(4);

  await size.selectOption('small');
  expect(await columns()).toBe(5);
  await size.selectOption('large');
  expect(await columns()).toBe(3);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Card Size')).toHaveValue('large');
  expect(await columns()).toBe(3);

  await page.getByRole('button', { name: 'Carousel' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Carousel' })).toHaveAttribute('aria-pressed', 'true');
});

test('grids keep at least two columns on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Grid' }).click();
  const list = page.getByRole('list', { name: 'Robobox Kits' });
  await expect.poll(() => list.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)).toBe(2);
});
