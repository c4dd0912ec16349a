// Rewrites the relative imports in web/src that leave their own part (app/, components/, lib/ or one
// feature folder) as '@/…' imports (tsconfig.json paths, vite.config.ts alias). Imports within a part
// stay relative. Safe to run again: an import already written as '@/…' is left as it is.
// Imports of another feature's inner files come out as '@/features/<f>/…': the lint then asks for
// them to go through that feature's public file, '@/features/<f>' (docs/decisions/056).
//   node scripts/alias-imports.mjs            rewrite in place, print the count
//   node scripts/alias-imports.mjs --check    only print the files that would change
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webSrc = fileURLToPath(new URL('../web/src/', import.meta.url));
const check = process.argv.includes('--check');

/** The part of web/src a file belongs to: 'features/<f>' for a feature, else its top folder. */
function partOf(rel) {
  const [top, second] = rel.split('/');
  return top === 'features' ? `features/${second}` : top;
}

function* files(dir) {
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) yield* files(p);
    else if (/\.(ts|tsx)$/.test(d.name)) yield p;
  }
}

// Module names after `from`, a bare `import`, `import(`, `vi.mock(` and `vi.importActual(`.
const specifier = /((?:\bfrom|\bimport|\bimport\(|\bvi\.mock\(|\bimportActual(?:<[^>]*>)?\()\s*)(['"])(\.\.?\/[^'"]*)\2/g;

let changed = 0;
let rewritten = 0;
for (const file of files(webSrc)) {
  const rel = path.relative(webSrc, file).split(path.sep).join('/');
  const source = fs.readFileSync(file, 'utf8');
  const next = source.replace(specifier, (whole, lead, quote, spec) => {
    const target = path
      .relative(webSrc, path.resolve(path.dirname(file), spec))
      .split(path.sep)
      .join('/');
    if (target.startsWith('..') || partOf(target) === partOf(rel)) return whole;
    rewritten += 1;
    return `${lead}${quote}@/${target}${quote}`;
  });
  if (next === source) continue;
  changed += 1;
  if (check) console.log(rel);
  else fs.writeFileSync(file, next);
}
console.log(`${check ? 'would rewrite' : 'rewrote'} ${rewritten} imports in ${changed} files`);
process.exitCode = check && changed > 0 ? 1 : 0;
