// `node scripts/together.mjs typecheck lint`: runs the named npm scripts at the same time (on two cores
// the type check and the linters take about the time of the longer one) and fails when any of them
// fails. Each script's output is held and printed whole when it ends, one block per script, so that
// the two never interleave (decision 085).
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/together.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', name], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let ended = false;
    const done = (code, why) => {
      if (ended) return;
      ended = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'passed' : `FAILED (${why})`;
      process.stdout.write(`\n── npm run ${name}: ${verdict} in ${seconds} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    };
    child.on('error', (error) => done(1, error.message));
    child.on('close', (code, signal) => done(code ?? 1, signal ? `killed by ${signal}` : `exit code ${code}`));
  });

const results = await Promise.all(names.map(run));
const failed = names.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.map((name) => `npm run ${name}`).join(', ')}`);
  process.exitCode = 1;
}
