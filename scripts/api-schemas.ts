// The API's published schemas as JSON files, to show what a change of the shared schemas does to them:
// the OpenAPI document of a fresh shop (GET /api/docs/json, as served) and the JSON Schema (input and
// output, z.toJSONSchema) of every zod schema shared/src exports.
//   npx tsx scripts/api-schemas.ts dump <dir>                   write openapi.json and shared.json
//   npx tsx scripts/api-schemas.ts compare <before> <after>     the keys <after> adds, then whether the
//                                                               rest is the same to the byte (exit 1 if not)
// Run `dump` in each tree (a worktree of the base and the branch), then `compare` the two folders.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { startTestShop } from '../server/test/helpers/test-app';

const root = fileURLToPath(new URL('..', import.meta.url));

async function sharedSchemas(): Promise<Record<string, unknown>> {
  const dir = path.join(root, 'shared/src');
  const out: Record<string, unknown> = {};
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
  for (const file of files) {
    const exports = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodType)) continue;
      for (const io of ['input', 'output'] as const) {
        try {
          out[`${file} ${name} ${io}`] = z.toJSONSchema(value, { io, unrepresentable: 'any' });
        } catch (err) {
          out[`${file} ${name} ${io}`] = { error: (err as Error).message };
        }
      }
    }
  }
  return out;
}

async function dump(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const shop = await startTestShop('sqlite');
  try {
    const res = await shop.app.inject('/api/docs/json');
    if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
    fs.writeFileSync(path.join(dir, 'openapi.json'), res.body);
  } finally {
    await shop.close();
  }
  fs.writeFileSync(path.join(dir, 'shared.json'), JSON.stringify(await sharedSchemas(), null, 1));
  console.log(`wrote ${dir}/openapi.json and ${dir}/shared.json`);
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `after` without the keys it has and `before` has not at the same place; `added` counts them by key and value. */
function withoutAdded(before: Json | undefined, after: Json, added: Map<string, number>): Json {
  after = asTypeList(before, after, added);
  if (Array.isArray(after)) return after.map((v, i) => withoutAdded(Array.isArray(before) ? before[i] : undefined, v, added));
  if (after === null || typeof after !== 'object') return after;
  const was = before !== null && typeof before === 'object' && !Array.isArray(before) ? before : undefined;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(after)) {
    if (was && !(key in was)) {
      const what = `${key}: ${JSON.stringify(value)}`;
      added.set(what, (added.get(what) ?? 0) + 1);
      continue;
    }
    out[key] = withoutAdded(was?.[key], value, added);
  }
  return out;
}

/**
 * zod's JSON Schema (not its OpenAPI 3.0 form) writes a nullable string as `type: ['string', 'null']`,
 * but as `anyOf: [{ type: 'string', …keywords }, { type: 'null' }]` once the string has keywords of
 * its own (a format, a description): the same values. Where `before` has the first form and `after`
 * the second, the second is read as the first with the keywords added, and counted.
 */
function asTypeList(before: Json | undefined, after: Json, added: Map<string, number>): Json {
  if (before === null || typeof before !== 'object' || Array.isArray(before) || !Array.isArray(before.type)) return after;
  if (after === null || typeof after !== 'object' || Array.isArray(after) || !Array.isArray(after.anyOf) || after.anyOf.length !== 2) return after;
  const [inner, none] = after.anyOf as [Json, Json];
  if (JSON.stringify(none) !== '{"type":"null"}' || inner === null || typeof inner !== 'object' || Array.isArray(inner)) return after;
  if (JSON.stringify(before.type) !== JSON.stringify([inner.type, 'null'])) return after;
  added.set('(a nullable string written as anyOf)', (added.get('(a nullable string written as anyOf)') ?? 0) + 1);
  const { anyOf: _anyOf, ...rest } = after;
  return { ...rest, ...inner, type: before.type };
}

function compare(beforeDir: string, afterDir: string): boolean {
  let same = true;
  for (const file of ['openapi.json', 'shared.json']) {
    const beforeText = fs.readFileSync(path.join(beforeDir, file), 'utf8');
    const afterText = fs.readFileSync(path.join(afterDir, file), 'utf8');
    const added = new Map<string, number>();
    const rest = withoutAdded(JSON.parse(beforeText) as Json, JSON.parse(afterText) as Json, added);
    const identical = JSON.stringify(rest) === JSON.stringify(JSON.parse(beforeText));
    console.log(`${file}: ${beforeText.length} bytes before, ${afterText.length} after; keys added:`);
    for (const [what, n] of [...added].sort()) console.log(`  ${n} × ${what}`);
    console.log(`  without them: ${identical ? 'identical' : 'DIFFERENT'}`);
    same &&= identical;
  }
  return same;
}

const [command, a, b] = process.argv.slice(2);
if (command === 'dump' && a) await dump(a);
else if (command === 'compare' && a && b) process.exitCode = compare(a, b) ? 0 : 1;
else {
  console.error('usage: npx tsx scripts/api-schemas.ts dump <dir> | compare <before-dir> <after-dir>');
  process.exitCode = 2;
}
