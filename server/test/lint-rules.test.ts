import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';

// The boundaries `npm run lint` keeps (eslint.config.js, docs/decisions/056): each rule is shown to
// fire on a small piece of code that breaks it, and to stay quiet on the same code written as it should.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the lint', () => {
  const cycleDir = path.join(root, `server/src/lint-fixture-${process.pid}`);
  afterAll(() => fs.rmSync(cycleDir, { recursive: true, force: true }));

  it('refuses an import circle, but not one made only of type imports', async () => {
    fs.mkdirSync(cycleDir, { recursive: true });
    fs.writeFileSync(path.join(cycleDir, 'b.ts'), "import { a } from './a';\nexport const b = (): number => a() + 1;\n");
    const a = "import { b } from './b';\nexport const a = (): number => b();\n";
    fs.writeFileSync(path.join(cycleDir, 'a.ts'), a);
    const file = path.relative(root, path.join(cycleDir, 'a.ts'));
    expect(await ruleIds(a, file)).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
    expect(await ruleIds("import type { b } from './b';\nexport const a = (f: typeof b): number => f();\n", file)).toEqual([]);
  });

  it("refuses an import of another feature's inner file, and allows its public files", async () => {
    const file = 'web/src/features/checkout/lint-fixture.ts';
    expect(await ruleIds("import { useCart } from '@/features/cart/api/get-cart';\nexport const f = useCart;\n", file)).toEqual([]);
    expect(await ruleIds("import { useAddToCart } from '@/features/cart/api/cart-mutations';\nexport const f = useAddToCart;\n", file)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Another feature's inner file/),
    ]);
    expect(await ruleIds("import { useAddToCart } from '../../cart/api/cart-mutations';\nexport const f = useAddToCart;\n", file)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*not by climbing folders/),
    ]);
  });

  it('refuses an image without alt text, and a click on a plain element', async () => {
    const file = 'web/src/features/catalogue/components/lint-fixture.tsx';
    expect(await ruleIds('export const P = () => <img src="/x.webp" />;\n', file)).toEqual([expect.stringMatching(/^jsx-a11y\/alt-text: /)]);
    expect(await ruleIds('export const P = ({ go }: { go: () => void }) => <div onClick={go}>Go</div>;\n', file)).toEqual([
      expect.stringMatching(/^jsx-a11y\/click-events-have-key-events: /),
      expect.stringMatching(/^jsx-a11y\/no-static-element-interactions: /),
    ]);
    expect(await ruleIds('export const P = ({ go }: { go: () => void }) => <button type="button" onClick={go}>Go</button>;\n', file)).toEqual([]);
  });
});

describe('the formatter', () => {
  it('finds a file not written as Prettier (.prettierrc.json) writes it', async () => {
    const filepath = path.join(root, 'server/src/lint-fixture.ts');
    const options = { ...(await prettier.resolveConfig(filepath)), filepath };
    expect(options).toMatchObject({ singleQuote: true, printWidth: 160 });
    expect(await prettier.check('export const a = { b: "c" }\n', options)).toBe(false);
    expect(await prettier.check("export const a = { b: 'c' };\n", options)).toBe(true);
    expect(await prettier.getFileInfo(path.join(root, 'package-lock.json'), { ignorePath: path.join(root, '.prettierignore') })).toMatchObject({
      ignored: true,
    });
  });
});
