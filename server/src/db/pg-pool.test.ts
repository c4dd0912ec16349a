import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './pg-pool';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises the ways pg says the server cannot be reached', () => {
    for (const err of [
      new DatabaseUnavailableError(undefined),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('timeout expired'),
      new Error('Query read timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('sorry, too many clients already', '53300'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
      new Error('wrapped', { cause: new Error('Connection terminated unexpectedly') }),
    ]) {
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
    }
  });

  it('leaves errors of the query itself alone', () => {
    for (const err of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('relation "x" does not exist', '42P01'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('SQLITE_BUSY: database is locked', 'SQLITE_BUSY'),
      new Error('Product not found'),
      'Connection terminated',
      null,
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
  });

  it("recognises the driver's own connect time-out against a server that accepts and never answers", async () => {
    // As a black-holed route or a hung PostgreSQL gives it when the pool holds no connection to lose first.
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const client = new pg.Client({ host: '127.0.0.1', port: (silent.address() as net.AddressInfo).port, connectionTimeoutMillis: 200 });
    const err = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    silent.close();
    expect(err).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(err), String(err)).toBe(true);
  });
});
