import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { recentPeriods } from '@shared/gst-returns.schemas';
import { logInAsAdmin, openSection, toast } from './support/admin';
import { paidOrder } from './support/orders';

test("the admin downloads this month's GST register on a phone-sized screen, with the paid order's invoice in it", async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const shopperApi = await playwright.request.newContext({ baseURL });
  const { orderId } = await paidOrder(shopperApi, 'gst');
  await shopperApi.dispose();

  await page.setViewportSize({ width: 360, height: 740 });
  await logInAsAdmin(page);
  await openSection(page, 'GST reports');
  await expect(page.getByRole('heading', { name: 'GST reports' })).toBeVisible();
  // The month being filed (last month) comes first; this month's order is in this month.
  const [, thisMonth] = recentPeriods(new Date(), 'month', 2);
  await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: thisMonth!.label });
  await expect(page.getByRole('radio', { name: 'Quarterly' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download register (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`gst-register-${thisMonth!.from}-${thisMonth!.to}.csv`);
  await expect(toast(page, 'Register downloaded')).toBeVisible();
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('"Type","Number","Date"');
  const row = csv.split('\r\n').find((line) => line.includes(`"${orderId}"`));
  expect(row).toMatch(/^"Invoice","RK\/\d\d-\d\d\/\d{6}"/);

  // Without a GSTIN the shop files no GSTR-1: the dashboard says why.
  await page.getByRole('button', { name: 'Download GSTR-1 (JSON)' }).click();
  await expect(page.getByText(/only a GST-registered supplier files GSTR-1/)).toBeVisible();
});
