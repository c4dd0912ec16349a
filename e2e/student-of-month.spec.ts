import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { logInAsAdmin, openSection, toast } from './support/admin';
import { uniqueName } from './support/outbox';

test('an admin adds the student of the month with a photo, and the company site reads it from api/studofmonth', async ({ page, request }) => {
  await logInAsAdmin(page);
  await openSection(page, 'Student of the Month');
  const section = page.getByRole('region', { name: 'Student of the Month' });
  await expect(section).toBeVisible();

  const name = uniqueName('Asha');
  await section.getByLabel('Student name').fill(name);
  await section.getByLabel('School').fill('Zilla Parishad School, Wagholi');
  await section.getByLabel('Project details').fill('A line follower built from scrap.');
  await section.getByLabel('YouTube link of the project').fill('not a link');
  await section.getByRole('button', { name: 'Add student' }).click();
  await expect(section.getByText('Enter the YouTube link of the project')).toBeVisible();
  await expect(section.getByText('Add a photo of the student')).toBeVisible();

  await section.getByLabel('YouTube link of the project').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  const photo = await sharp({ create: { width: 80, height: 80, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();
  await section.getByLabel('Photo').setInputFiles({ name: 'asha.png', mimeType: 'image/png', buffer: photo });
  await section.getByRole('button', { name: 'Add student' }).click();
  await expect(toast(page, 'Student of the month added successfully')).toBeVisible();

  const shown = section.getByRole('article', { name: 'Shown now' });
  await expect(shown.getByRole('heading', { name })).toBeVisible();
  await expect(shown.getByRole('img', { name: `Photo of ${name}` })).toBeVisible();
  await expect(shown.getByRole('link', { name: 'Project video' })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');

  const api = await request.get('/api/studofmonth');
  expect(api.status()).toBe(200);
  expect(await api.json()).toMatchObject({ name, school: 'Zilla Parishad School, Wagholi', videoId: 'dQw4w9WgXcQ' });
});
