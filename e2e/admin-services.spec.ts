import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { binaryStl, cubeTriangles } from '@shared/testing/stl-samples';
import { logInAsAdmin, openSection } from './support/admin';
import { uniqueName } from './support/outbox';

/** The seeded free product (price 0) that schools can claim. */
const FREE_KIT = 'Robobox Starter Kit - School Edition';

async function openSectionAndWait(page: Page, name: string) {
  await openSection(page, name);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

test('an admin finds a free claim and a 3D printing request, downloads its STL and marks both handled', async ({ page, request }) => {
  test.setTimeout(90_000);

  // A school claims the free kit (two form submissions in all: the server allows five per 10 minutes).
  const found = await request.get(`/api/products/search/school`);
  expect(found.ok()).toBe(true);
  const kit = ((await found.json()) as { id: number; title: string }[]).find((p) => p.title === FREE_KIT);
  expect(kit, `${FREE_KIT} is seeded`).toBeDefined();
  const email = `${uniqueName('teacher')}@example.com`;
  const claim = await request.post('/api/freeclaim', {
    data: {
      productId: kit!.id,
      name: 'Asha Kulkarni',
      email,
      mobile: '9876543210',
      school: 'Zilla Parishad School, Wagholi',
      classna: '8',
      division: 'B',
      rollNo: '23',
    },
  });
  expect(claim.status(), await claim.text()).toBe(200);

  // A maker asks for a 3D print: a 5 cm cube as binary STL and a drawing (200 + 150 for the PNG).
  const maker = `Maker ${uniqueName('')}`;
  const stlName = `${uniqueName('cube')}.stl`;
  const stl = binaryStl(cubeTriangles(50));
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 220 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('con_name', maker);
  form.set('phNo', '9123456780');
  form.set('email', `${uniqueName('maker')}@example.com`);
  form.set('reason', '3D Printing');
  form.set('message', 'Please print the cube in PLA.\nAny colour is fine.');
  form.set('is2DTo3D', 'true');
  form.set('length', '10');
  form.set('width', '8');
  form.set('height', '500');
  form.append('files', new Blob([new Uint8Array(stl)], { type: 'model/stl' }), stlName);
  form.append('files', new Blob([png], { type: 'image/png' }), 'drawing.png');
  const printRequest = await request.post('/api/mailforwarder/', { multipart: form });
  expect(printRequest.status(), await printRequest.text()).toBe(200);

  await logInAsAdmin(page);

  // Free Claims: the claim with all its fields, newest first.
  await openSectionAndWait(page, 'Free Claims');
  const claims = page.getByRole('list', { name: 'Claims' });
  const claimCard = claims.getByRole('article').filter({ hasText: email });
  await expect(claimCard).toBeVisible();
  await expect(claims.getByRole('article').first()).toContainText(email);
  await expect(claimCard.getByRole('heading', { level: 3 })).toContainText(FREE_KIT);
  for (const text of ['Asha Kulkarni', 'Zilla Parishad School, Wagholi', 'Roll number', '23']) await expect(claimCard).toContainText(text);
  await expect(claimCard.getByText('Status: new')).toBeVisible();

  // Mark it handled: it leaves the New list and shows under Handled.
  await page.getByLabel('Status').selectOption('New');
  await expect(claimCard).toBeVisible();
  await claimCard.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText(/^Claim \d+ marked handled$/)).toBeVisible();
  await expect(claimCard).toHaveCount(0);
  await page.getByLabel('Status').selectOption('Handled');
  await expect(claimCard).toBeVisible();
  await expect(claimCard.getByText('Status: handled')).toBeVisible();
  await expect(claimCard.getByRole('button', { name: 'Mark new' })).toBeVisible();

  // 3D Printing Requests: the request with price, dimensions (height clamped to 22 cm), 2D to 3D and its two files.
  await openSectionAndWait(page, '3D Printing Requests');
  const requests = page.getByRole('list', { name: '3D printing requests' });
  const requestCard = requests.getByRole('article').filter({ hasText: maker });
  await expect(requestCard).toBeVisible();
  await expect(requestCard).toContainText('₹350.00');
  await expect(requestCard).toContainText('L 10 × W 8 × H 22 cm');
  await expect(requestCard).toContainText('2D to 3DYes');
  await expect(requestCard).toContainText('Please print the cube in PLA.');
  const files = requestCard.getByRole('list', { name: /^Files of request/ }).getByRole('listitem');
  await expect(files).toHaveCount(2);
  const stlRow = files.filter({ hasText: stlName });
  await expect(stlRow).toContainText('Size 5.0 × 5.0 × 5.0 cm');
  await expect(stlRow).toContainText('Volume 125.0 cm³');
  await expect(files.filter({ hasText: 'drawing.png' })).toContainText('not STL');

  // Download the STL: the file keeps its name and its bytes.
  const downloading = page.waitForEvent('download');
  await requestCard.getByRole('button', { name: `Download ${stlName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(stlName);
  expect(readFileSync(await download.path()).equals(Buffer.from(stl))).toBe(true);

  // Mark it handled and find it under Handled.
  await requestCard.getByRole('button', { name: 'Mark handled' }).click();
  await expect(requestCard.getByRole('button', { name: 'Mark new' })).toBeVisible();
  await expect(requestCard.getByText('Status: handled')).toBeVisible();
  await page.getByLabel('Status').selectOption('Handled');
  await expect(requestCard).toBeVisible();
  await page.getByLabel('Status').selectOption('New');
  await expect(requestCard).toHaveCount(0);
});
