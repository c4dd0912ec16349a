import { describe, expect, it } from 'vitest';
import { statementNames } from './pg-named-statements';

describe('statementNames', () => {
  it('names a text the second time it is seen, and keeps that name', () => {
    const nameOf = statementNames();
    const text = 'select "id" from "orders" where "id" = $1';
    expect(nameOf(text)).toBeUndefined();
    expect(nameOf(text)).toBe('s1');
    expect(nameOf(text)).toBe('s1');
    expect(nameOf('update "orders" set "status" = $1 where "id" = $2')).toBeUndefined();
    expect(nameOf('update "orders" set "status" = $1 where "id" = $2')).toBe('s2');
  });

  it('leaves alone what cannot or should not be prepared: transactions, DDL, any `*`', () => {
    const nameOf = statementNames();
    for (const text of ['begin', 'commit', 'create index "x" on "orders" ("id")', 'select * from "orders" where "id" = $1', 'select count(*) from "orders"']) {
      nameOf(text);
      expect(nameOf(text), text).toBeUndefined();
    }
  });

  it('names at most `max` texts, and forgets texts seen once past `maxSeen`', () => {
    const nameOf = statementNames(2, 3);
    for (const text of ['select 1', 'select 2', 'select 3']) {
      nameOf(text);
      nameOf(text);
    }
    expect(nameOf('select 1')).toBe('s1');
    expect(nameOf('select 2')).toBe('s2');
    expect(nameOf('select 3')).toBeUndefined();

    const small = statementNames(10, 2);
    small('select 1');
    small('select 2');
    small('select 3'); // the set of texts seen once was full: forgotten, then this one kept
    expect(small('select 1')).toBeUndefined();
    expect(small('select 3')).toBe('s1');
  });
});
