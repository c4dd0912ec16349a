import { describe, expect, it } from 'vitest';
import { instantOf } from './rows';

describe('instantOf: a timestamp column as an answer gives it (ISO 8601 in UTC)', () => {
  it.each([
    ["SQLite's CURRENT_TIMESTAMP, UTC without a zone", '2026-11-27 23:03:03', '2026-11-27T23:03:03.000Z'],
    ["PostgreSQL's, microseconds and an offset of hours", '2026-11-27 23:03:12.028612+00', '2026-11-27T23:03:12.028Z'],
    ["PostgreSQL's in a session of another zone", '2026-11-28 04:33:12.028612+05:30', '2026-11-27T23:03:12.028Z'],
    ["the server's own toISOString()", '2026-11-27T23:03:03.000Z', '2026-11-27T23:03:03.000Z'],
    ['a Date', new Date(Date.UTC(2026, 10, 27, 23, 3, 3)), '2026-11-27T23:03:03.000Z'],
  ])('%s', (_, value, iso) => {
    expect(instantOf(value)).toBe(iso);
  });

  it('gives back text it cannot read as it is (the answer still goes out)', () => {
    expect(instantOf('someday')).toBe('someday');
  });
});
