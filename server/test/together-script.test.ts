import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm test` runs the type check, the linters and the build at the same time through
// scripts/together.mjs (decision 085): a failing step must still fail the whole command, and each
// step's output must come out whole, never interleaved with another's.
const script = path.resolve(import.meta.dirname, '../../scripts/together.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'together-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const lines = (name: string, n: number, pause: number) =>
  `node -e "let i=0;const t=setInterval(()=>{console.log('${name} line '+(++i));if(i===${n})clearInterval(t)},${pause})"`;
fs.writeFileSync(
  path.join(dir, 'package.json'),
  JSON.stringify({
    name: 'together-fixture',
    private: true,
    scripts: {
      slow: lines('slow', 4, 40),
      quick: lines('quick', 4, 15),
      broken: 'node -e "console.error(\'broken says why\');process.exit(3)"',
    },
  }),
);

const together = (...names: string[]) => spawnSync(process.execPath, [script, ...names], { cwd: dir, encoding: 'utf8', env: process.env });

// One run of three scripts: each npm start costs seconds of wall time on a loaded machine.
describe('scripts/together.mjs', () => {
  it('fails when one script fails, says which and why, and prints each script whole once all have ended', { timeout: 120_000 }, () => {
    const run = together('slow', 'broken', 'quick');
    expect(run.status).toBe(1);
    for (const name of ['slow', 'quick']) {
      const block = run.stdout.slice(run.stdout.indexOf(`── npm run ${name}: passed`));
      expect(block).toMatch(
        new RegExp(`^── npm run ${name}: passed in [\\d.]+ s ──\\n(?:.*\\n)*?${name} line 1\\n${name} line 2\\n${name} line 3\\n${name} line 4\\n`),
      );
    }
    expect(run.stdout).toMatch(/── npm run broken: FAILED \(exit code 3\) in [\d.]+ s ──\n(?:.*\n)*?broken says why/);
    expect(run.stderr).toBe('\nfailed: npm run broken\n');
  });

  it('succeeds when every script succeeds', { timeout: 120_000 }, () => {
    const run = together('quick');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('quick line 4');
    expect(run.stderr).toBe('');
  });
});
