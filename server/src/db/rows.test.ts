import { describe, expect, it } from 'vitest';
import { instantOf, rowsByParent } from './rows';

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

describe('rowsByParent: rows read for many parents, by their parent', () => {
  const lines = [
    { id: 11, order_id: 2, title: 'Rover' },
    { id: 12, order_id: 1, title: 'Cable' },
    { id: 13, order_id: 2, title: 'Battery' },
    { id: 14, order_id: 2, title: 'Wheel' },
  ];

  it("gives each parent's rows in the order they were read, and none to a parent without rows", () => {
    const linesOf = rowsByParent(lines, 'order_id');
    expect(linesOf(2).map((l) => l.id)).toEqual([11, 13, 14]);
    expect(linesOf(1)).toEqual([{ id: 12, order_id: 1, title: 'Cable' }]);
    expect(linesOf(3)).toEqual([]);
  });

  it('groups by any column, a text too', () => {
    const byTitle = rowsByParent(lines, 'title');
    expect(byTitle('Wheel')).toEqual([lines[3]]);
    expect(rowsByParent(lines.slice(0, 0), 'order_id')(1)).toEqual([]);
  });
});
