/**
 * npm run import:legacy -- mysql://user:pass@host:3306/db [--dry-run]
 *
 * Brings the original shop's data across (docs/operations/migrating.md): categories,
 * products with their images, adverts, coupons and orders, into this shop's
 * database and file storage (DATABASE_URL, DATA_DIR or S3_* as for the app).
 * Keeps the original ids where it can; a second run changes nothing; rows that
 * cannot be carried across exactly are listed with the reason.
 */
import { parseArgs } from 'node:util';
import { MultiBar, Presets } from 'cli-progress';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db/database';
import { withStartupLock } from '../startup';
import { importLegacy } from '../modules/legacy/legacy-import.service';
import { REPORT_KINDS, type ImportReport, type ReportKind } from '../modules/legacy/legacy-report';
import { LegacySource } from '../modules/legacy/legacy-source';
import { createStorage } from '../storage/create-storage';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'dry-run': { type: 'boolean', default: false } } });
const url = positionals[0];
if (!url || !/^mysql:\/\//.test(url)) {
  console.error('Usage: npm run import:legacy -- mysql://user:password@host:3306/database [--dry-run]');
  process.exit(2);
}

let source: LegacySource;
try {
  source = await LegacySource.open(url);
} catch (err) {
  console.error(`Cannot read the original database at ${url.replace(/\/\/[^@/]*@/, '//…@')}: ${(err as Error).message}`);
  process.exit(1);
}

const config = loadConfig();
const db = createDb(config.database);
const bars = new MultiBar(
  { format: ' {kind} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: false, noTTYOutput: true, notTTYSchedule: 5000 },
  Presets.shades_classic,
);
const bar = new Map<ReportKind, ReturnType<MultiBar['create']>>();
const progress = (kind: ReportKind, done: number, total: number) => {
  let b = bar.get(kind);
  if (!b) {
    b = bars.create(total, 0, { kind: kind.padEnd(14) });
    bar.set(kind, b);
  }
  b.setTotal(total);
  b.update(done);
};

function printReport(report: ImportReport) {
  console.log(report.dryRun ? '\nDry run: nothing was written. This is what an import would do:' : '\nImported from the original shop:');
  console.log(`  ${'what'.padEnd(15)}${['source', 'imported', 'updated', 'unchanged', 'skipped'].map((h) => h.padStart(10)).join('')}`);
  for (const kind of REPORT_KINDS) {
    const c = report.counts[kind];
    console.log(`  ${kind.padEnd(15)}${[c.source, c.imported, c.updated, c.unchanged, c.skipped].map((n) => String(n).padStart(10)).join('')}`);
  }
  const skipped = report.notes.filter((n) => n.skipped);
  const notes = report.notes.filter((n) => !n.skipped);
  if (skipped.length) {
    console.log('\nSkipped:');
    for (const n of skipped) console.log(`  ${n.kind} ${n.id}: ${n.message}`);
  }
  if (notes.length) {
    console.log('\nNotes:');
    for (const n of notes) console.log(`  ${n.kind} ${n.id}: ${n.message}`);
  }
  const changes = REPORT_KINDS.reduce((n, k) => n + report.counts[k].imported + report.counts[k].updated, 0);
  console.log(`\n${changes} ${changes === 1 ? 'change' : 'changes'}${report.dryRun ? ' would be made' : ''}.`);
}

try {
  // The shop's own tables, better-auth's included, as a starting node makes them (under the same lock).
  const app = await withStartupLock(db, async () => {
    await migrateToLatest(db);
    return buildApp({ config: { ...config, logLevel: 'warn' }, db, storage: createStorage(config) });
  });
  const report = await importLegacy({ db, storage: app.storage }, source, { dryRun: values['dry-run'], onProgress: progress });
  await app.close();
  bars.stop();
  printReport(report);
} catch (err) {
  bars.stop();
  console.error(`The import stopped: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await source.close();
  await db.destroy();
}
