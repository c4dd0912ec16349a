import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce, compiledPerLength } from './compiled-once';
import { createDb, migrateToLatest } from './database';

describe('compiledOnce', () => {
  const db = createDb({ kind: 'sqlite', file: ':memory:' });
  const mail = (to_address: string, kind: string) => ({ to_address, kind, subject: 's', text_body: 't', html_body: 'h', transport: 'outbox' });
  beforeAll(async () => {
    await migrateToLatest(db);
    await db
      .insertInto('outbox')
      .values([mail('a@example.com', 'receipt'), mail('b@example.com', 'receipt'), mail('a@example.com', 'new-order')])
      .execute();
  });
  afterAll(() => db.destroy());

  const mailsTo = compiledOnce((d, to: string, kind: string) =>
    d.selectFrom('outbox').select(['to_address', 'kind']).where('to_address', '=', to).where('kind', '=', kind).where('transport', '=', 'outbox').orderBy('id'),
  );

  it('runs the query compiled at the first call with each call’s arguments, its constants kept, in a transaction too', async () => {
    expect((await mailsTo(db, 'a@example.com', 'receipt')).rows).toEqual([{ to_address: 'a@example.com', kind: 'receipt' }]);
    expect((await mailsTo(db, 'a@example.com', 'new-order')).rows).toEqual([{ to_address: 'a@example.com', kind: 'new-order' }]);
    expect((await mailsTo(db, 'b@example.com', 'new-order')).rows).toEqual([]);
    await db.transaction().execute(async (trx) => {
      expect((await mailsTo(trx, 'b@example.com', 'receipt')).rows).toEqual([{ to_address: 'b@example.com', kind: 'receipt' }]);
    });
  });

  it('refuses a query that does not take every argument as a parameter', async () => {
    const ignoring = compiledOnce((d, _to: string) => d.selectFrom('outbox').select('id'));
    await expect(ignoring(db, 'a@example.com')).rejects.toThrow(/did not become parameters/);
  });

  it('runs a query over a list compiled for each length, and one longer than kept built afresh', async () => {
    const compiled: string[] = [];
    const kinds = compiledPerLength((d, list: string[]) => {
      const query = d.selectFrom('outbox').select(['to_address', 'kind']).where('kind', 'in', list).orderBy('id');
      compiled.push(query.compile().sql);
      return query;
    }, 2);
    const kindsOf = async (list: string[]) => (await kinds(db, list)).rows.map((r) => `${r.to_address} ${r.kind}`);
    expect(await kindsOf(['new-order'])).toEqual(['a@example.com new-order']);
    expect(await kindsOf(['receipt'])).toEqual(['a@example.com receipt', 'b@example.com receipt']);
    expect(await kindsOf(['receipt', 'new-order'])).toEqual(['a@example.com receipt', 'b@example.com receipt', 'a@example.com new-order']);
    expect(await kindsOf(['new-order', 'other'])).toEqual(['a@example.com new-order']);
    expect(compiled).toHaveLength(2);
    expect(await kindsOf(['other', 'new-order', 'receipt'])).toHaveLength(3);
    expect(await kindsOf(['other', 'x', 'new-order'])).toEqual(['a@example.com new-order']);
    expect(compiled).toHaveLength(4);
  });
});
