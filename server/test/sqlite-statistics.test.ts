import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDb, sqliteHandles, type Db } from '../src/db/database';
import * as customers from '../src/modules/customers/customers.repository';

/**
 * Decision 047: a SQLite connection plans with the statistics it read when it opened. A shop whose
 * customers table was nearly empty then kept scanning the whole table for a name, e-mail or phone
 * prefix after it had grown; the connection's periodic `PRAGMA optimize` re-reads them.
 */
describe('SQLite statistics of a long-lived connection', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-stats-'));
  let db: Db | null = null;
  afterAll(async () => {
    vi.useRealTimers();
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('plans the customers search by its prefix indexes once the table has grown, without a restart', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const file = path.join(dir, 'shop.sqlite');
    db = createDb({ kind: 'sqlite', file, optimizeIntervalMs: 60_000 });
    const sqlite = sqliteHandles.get(db)!;
    // better-auth's user table, the columns the list reads.
    await sql`CREATE TABLE "user" (id text PRIMARY KEY, name text NOT NULL, email text NOT NULL UNIQUE, "emailVerified" integer NOT NULL, "createdAt" date NOT NULL,
      "updatedAt" date NOT NULL, role text, banned integer, "banReason" text, username text, "displayUsername" text, phone text, address text, city text, state text, "zipCode" text)`.execute(
      db,
    );
    await customers.ensureCustomerIndexes(db);
    // The shop's first days: one customer when the statistics were taken.
    await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", phone) VALUES ('u0', 'Customer 0', 'customer0@example.com', 1, '2026-01-01', '2026-01-01', '+919800000000')`.execute(
      db,
    );
    await sql`ANALYZE`.execute(db);
    // It grows to 20,000 (by its own connection: nothing re-analyzes).
    await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", phone)
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 19999)
      SELECT 'u' || i, 'Customer ' || i, 'customer' || i || '@example.com', 1, '2026-01-01', '2026-01-01', '+9198' || substr('00000000' || i, -8, 8) FROM n`.execute(
      db,
    );

    // The statements the list sends for an e-mail prefix, as the app prepares them.
    const texts: string[] = [];
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((text: string) => {
      texts.push(text);
      return prepare(text);
    }) as typeof sqlite.prepare;
    const filter = { text: 'customer777@', phone: null };
    expect((await customers.listCustomers(db, filter, { limit: 25, offset: 0 })).map((u) => u.id)).toEqual(['u777']);
    expect(await customers.countCustomers(db, filter)).toBe(1);
    expect(await customers.countCustomers(db, { text: '', phone: null })).toBe(10_001);
    sqlite.prepare = prepare;
    const searches = texts.filter((t) => t.includes('lower(email)'));
    expect(searches).toHaveLength(2);
    const plan = (text: string) =>
      (
        sqlite.prepare(`EXPLAIN QUERY PLAN ${text}`).all(
          ...text
            .split('?')
            .slice(1)
            .map(() => null),
        ) as { detail: string }[]
      )
        .map((r) => r.detail)
        .join(' | ');

    // Planned for a table of one row: the page walks the list index, the count the table.
    expect(searches.map(plan).join('\n')).toMatch(/SCAN user/);

    vi.advanceTimersByTime(60_000);
    for (const text of searches) {
      expect(plan(text)).toMatch(/SEARCH user USING (COVERING )?INDEX user_email_role_idx/);
      expect(plan(text)).not.toMatch(/SCAN user/);
    }
    // Counting every customer (capped) reads an index that carries role (the list's, or a prefix index: decision 114), not the table's rows.
    const countAll = texts.find((t) => t.includes('count(') && !t.includes('lower('))!;
    expect(plan(countAll)).toMatch(/SCAN user USING COVERING INDEX user_(customers|name_role|email_role|phone_role)_idx/);
    // The kept statements are prepared again with the new statistics, and answer the same.
    expect((await customers.listCustomers(db, filter, { limit: 25, offset: 0 })).map((u) => u.id)).toEqual(['u777']);
    expect(await customers.countCustomers(db, filter)).toBe(1);
  });
});
