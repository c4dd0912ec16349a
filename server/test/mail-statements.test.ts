import pino from 'pino';
import { ColumnNode, isCompilable, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/database';
import { createMailer } from '../src/modules/mail/mailer';
import { attachmentPdf } from '../src/modules/invoices/invoices.service';
import { paidOrderFrom } from './helpers/checkout';
import { DB_KINDS, freshDb, type TestDb } from './helpers/databases';
import { captureSmtp } from './helpers/smtp';
import { factories, startTestShop, type TestShop } from './helpers/test-app';
import { expectLines, pdfText } from './helpers/pdf';

/**
 * `db` with every statement it sends noted when it runs (its kind, and for an update the columns it
 * sets): those built as they run and those compiled once (`compiledOnce`, run with `executeQuery`),
 * whose first compiling is not a statement sent.
 */
function noting(db: Db): { db: Db; seen: string[] } {
  const seen: string[] = [];
  const nodes = new Map<unknown, RootOperationNode>();
  const name = (node: RootOperationNode) =>
    node.kind === 'UpdateQueryNode' ? `update ${(node.updates ?? []).map((u) => (ColumnNode.is(u.column) ? u.column.column.name : '?')).join(',')}` : node.kind;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => (nodes.set(args.queryId, args.node), args.node),
    transformResult: async (args) => {
      const node = nodes.get(args.queryId);
      if (node) seen.push(name(node));
      return args.result;
    },
  };
  const built = db.withPlugin(plugin);
  // Kysely's private fields: every member but executeQuery is the database's own, bound to it.
  const noted = new Proxy(built, {
    get(target, key) {
      if (key === 'executeQuery')
        return ((query, queryId) => {
          if (!isCompilable(query)) nodes.set(query.queryId, query.query);
          return target.executeQuery(query, queryId);
        }) satisfies Db['executeQuery'];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: noted, seen };
}

async function until(done: () => boolean | Promise<boolean>, what: string) {
  for (const started = Date.now(); !(await done());) {
    if (Date.now() - started > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

// The outbox's statements per mail on PostgreSQL were most of what SMTP added to a checkout (decision 099).
describe.each(DB_KINDS)('the statements of the mail on %s (decision 099)', (kind) => {
  let test: TestDb;
  let smtp: Awaited<ReturnType<typeof captureSmtp>>;
  beforeAll(async () => {
    test = await freshDb(kind);
    // Each message takes the server a moment to accept, so the four senders' mails are in flight together.
    smtp = await captureSmtp(undefined, { dataDelayMs: 100 });
  });
  afterAll(async () => {
    await smtp.close();
    await test.dispose();
  });

  it('marks the mails the senders finish together in one statement, and sends each once', async () => {
    const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_TIMEOUT_SECONDS: '10' });
    const { db, seen } = noting(test.db);
    const mailer = createMailer(config, db, pino({ level: 'silent' }), () => Promise.reject(new Error('no attachments here')));
    const mails = (prefix: string) =>
      Array.from({ length: 4 }, (_, i) => ({ to: `${prefix}${i}@example.com`, kind: 'test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' }));
    const allSent = () => until(async () => (await test.db.selectFrom('outbox').select('state').execute()).every((m) => m.state === 'sent'), 'every mail sent');
    try {
      // The pool's four connections opened first, so the next four mails go out at once.
      await mailer.send(...mails('first'));
      await allSent();
      seen.length = 0;
      await mailer.send(...mails('together'));
      await allSent();
    } finally {
      await mailer.close();
    }
    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual([...mails('first'), ...mails('together')].map((m) => m.to));
    // One claim, one mark (one per mail before: a mail accepted while no mark was being written had its own).
    expect(seen.filter((s) => s.startsWith('update state,claimed_at,attempts'))).toHaveLength(1);
    expect(seen.filter((s) => s.startsWith('update state,sent_at'))).toHaveLength(1);
  });
});

describe.each(DB_KINDS)("a receipt's invoice PDF on %s (decision 099)", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(kind, { SIMULATED_WEBHOOK_DELAY_MS: '60000' });
  });
  afterAll(() => shop.close());

  it('is made from its order, invoice and lines read in one statement', async () => {
    const f = factories(shop);
    const categoryId = (await f.category()).id;
    const a = await f.product({ pricePaise: 50_000, categoryId, title: 'Servo motor' });
    const b = await f.product({ pricePaise: 12_000, categoryId, title: 'Ultrasonic sensor' });
    const { order } = await paidOrderFrom(shop, 'Karnataka', [
      [a.id, 2],
      [b.id, 1],
    ]);
    const invoice = await shop.db
      .selectFrom('invoices')
      .innerJoin('orders', 'orders.id', 'invoices.order_id')
      .select('invoices.number')
      .where('orders.order_code', '=', order.orderId)
      .executeTakeFirstOrThrow();
    const { db, seen } = noting(shop.db);
    const pdf = await attachmentPdf(db, shop.app.config, { kind: 'invoice', orderCode: order.orderId, filename: 'invoice.pdf' });
    expect(seen).toEqual(['SelectQueryNode']);
    // Both lines are on it, under its number.
    expectLines(pdfText(pdf), ['Servo motor', 'Ultrasonic sensor', invoice.number]);
  });
});
