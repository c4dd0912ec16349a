import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Issue 12's budgets for the home page's first load, over the build the browser specs run against
 * (npm run test:e2e builds first): its scripts (index.html's entry and the modules it preloads) as
 * the shop sends them (the build's brotli files) at most 100 KB, without zod and without admin
 * code. `npm run bench:bundle` gives the figures, file by file.
 */
const web = path.resolve('dist/web');
const BUDGET_JS_SENT = 100 * 1024;

function homeScripts(): string[] {
  const html = fs.readFileSync(path.join(web, 'index.html'), 'utf8');
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /\btype="module"/.test(tag) || /\brel="modulepreload"/.test(tag))
    .map((tag) => /\b(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1])
    .filter((file): file is string => file !== undefined);
}

test("the home page's first scripts stay within budget: at most 100 KB as sent, no zod, no admin code", () => {
  const files = homeScripts();
  expect(files.length).toBeGreaterThan(1);
  const sent = files.reduce((sum, file) => {
    const br = path.join(web, `${file}.br`);
    return sum + fs.statSync(fs.existsSync(br) ? br : path.join(web, file)).size;
  }, 0);
  expect.soft(sent, `${files.length} files: ${files.join(', ')}`).toBeLessThanOrEqual(BUDGET_JS_SENT);
  for (const file of files) {
    const code = fs.readFileSync(path.join(web, file), 'utf8');
    expect
      .soft(
        ['ZodError', '_zod', 'invalid_type'].filter((marker) => code.includes(marker)),
        `zod in ${file}`,
      )
      .toEqual([]);
    expect(file, 'admin code among the first scripts').not.toMatch(/admin/i);
  }
});
