import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/database';
import { DB_KINDS, POSTGRES_URL } from './helpers/databases';

// A transaction's begin goes to PostgreSQL with its first statement, in one round trip (decision 098).
describe.runIf(DB_KINDS.includes('postgres'))('transactions on PostgreSQL', () => {
  const schema = `t_tx_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client;
  let db: Db;
  /** Round trips: the ReadyForQuery answers the shop's connections received. */
  let roundTrips = 0;
  const client = pg.Client.prototype as unknown as { _handleReadyForQuery: (...args: unknown[]) => void };
  const handleReadyForQuery = client._handleReadyForQuery;

  beforeAll(async () => {
    client._handleReadyForQuery = function (this: unknown, ...args: unknown[]) {
      roundTrips++;
      return handleReadyForQuery.apply(this, args);
    };
    admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`CREATE TABLE ${schema}.t (id integer primary key, note text not null)`);
    // One connection: what one statement leaves on it, the next one finds.
    db = createDb({ kind: 'postgres', url: POSTGRES_URL, poolSize: 1 }, { schema });
    await sql`select 1`.execute(db);
  });
  afterAll(async () => {
    client._handleReadyForQuery = handleReadyForQuery;
    await db?.destroy();
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.end();
  });
  beforeEach(async () => {
    await admin.query(`DELETE FROM ${schema}.t`);
  });

  const t = () => db.withTables<{ t: { id: number; note: string } }>();
  async function counted<T>(run: () => Promise<T>): Promise<{ result: T; trips: number }> {
    roundTrips = 0;
    const result = await run();
    return { result, trips: roundTrips };
  }

  it('sends the begin with the first statement: two statements and the commit in three round trips, with their answers', async () => {
    const { result, trips } = await counted(() =>
      db.transaction().execute(async (trx) => {
        const inserted = await trx
          .withTables<{ t: { id: number; note: string } }>()
          .insertInto('t')
          .values({ id: 1, note: 'a' })
          .returning(['id', 'note'])
          .executeTakeFirstOrThrow();
        const updated = await trx.withTables<{ t: { id: number; note: string } }>().updateTable('t').set({ note: 'b' }).where('id', '=', 1).executeTakeFirst();
        return { inserted, updated: updated.numUpdatedRows };
      }),
    );
    expect(result).toEqual({ inserted: { id: 1, note: 'a' }, updated: 1n });
    expect(trips).toBe(3);
    expect((await admin.query(`SELECT note FROM ${schema}.t`)).rows).toEqual([{ note: 'b' }]);
  });

  it('sends nothing for a transaction that sent no statement', async () => {
    const { trips } = await counted(() => db.transaction().execute(async () => 'nothing'));
    expect(trips).toBe(0);
    // and a thrown one (rolled back) neither
    await expect(
      counted(() =>
        db.transaction().execute(async () => {
          throw new Error('no');
        }),
      ),
    ).rejects.toThrow('no');
    expect(roundTrips).toBe(0);
  });

  it('rolls back a transaction whose first statement fails, and the connection serves the next one', async () => {
    await t().insertInto('t').values({ id: 1, note: 'a' }).execute();
    const failed = db.transaction().execute(async (trx) => {
      await trx.withTables<{ t: { id: number; note: string } }>().insertInto('t').values({ id: 1, note: 'again' }).execute();
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    // A statement after the failed first one would have been refused had it been in the transaction:
    // it was, and the rollback ended it; this one runs in a transaction of its own.
    await db.transaction().execute(async (trx) => {
      await trx.withTables<{ t: { id: number; note: string } }>().insertInto('t').values({ id: 2, note: 'b' }).execute();
      await trx.withTables<{ t: { id: number; note: string } }>().updateTable('t').set({ note: 'c' }).where('id', '=', 1).execute();
    });
    expect((await admin.query(`SELECT id, note FROM ${schema}.t ORDER BY id`)).rows).toEqual([
      { id: 1, note: 'c' },
      { id: 2, note: 'b' },
    ]);
  });

  it('parses a named statement again after its parse failed in the round trip of a begin', async () => {
    const read = (trx: Db) => sql<{ extra: string }>`select "extra" from "t" where "id" = ${1}`.execute(trx);
    // Seen once (unnamed), then named (decision 086): both fail to parse, the second with a begin before it.
    for (let i = 0; i < 2; i++) await expect(db.transaction().execute(read)).rejects.toMatchObject({ code: '42703' });
    await admin.query(`ALTER TABLE ${schema}.t ADD COLUMN extra text`);
    await admin.query(`INSERT INTO ${schema}.t (id, note, extra) VALUES (1, 'a', 'x')`);
    // pg marked the name parsed at the begin's ParseComplete: sent without its text, it would be
    // refused as "prepared statement does not exist".
    expect((await db.transaction().execute(read)).rows).toEqual([{ extra: 'x' }]);
    expect((await db.transaction().execute(read)).rows).toEqual([{ extra: 'x' }]);
  });

  it('sends the begin apart before a first statement without parameters, which runs in the transaction', async () => {
    const { result, trips } = await counted(() =>
      db.transaction().execute(async (trx) => {
        await sql`set local statement_timeout = 1234`.execute(trx);
        return (await sql<{ s: string }>`select current_setting(${'statement_timeout'}) as s`.execute(trx)).rows[0]?.s;
      }),
    );
    // Outside a transaction block SET LOCAL does nothing.
    expect(result).toBe('1234ms');
    expect(trips).toBe(4);
  });
});
