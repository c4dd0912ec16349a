import { describe, expect, it } from 'vitest';
import { canMoveReturn, CreateReturnInput, RETURN_STATUSES, returnDeadline } from './returns';

describe('return statuses', () => {
  it('moves a request to a decision, an approved one to received or rejected, a received one to refunded, and nothing else', () => {
    const allowed = RETURN_STATUSES.flatMap((from) => RETURN_STATUSES.filter((to) => canMoveReturn(from, to)).map((to) => `${from}->${to}`));
    expect(allowed).toEqual(['requested->approved', 'requested->rejected', 'approved->rejected', 'approved->received', 'received->refunded']);
  });
});

describe('return window', () => {
  it('ends whole days after delivery', () => {
    expect(returnDeadline('2026-11-20T10:00:00.000Z', 7).toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(returnDeadline('2026-11-20T10:00:00.000Z', 0).toISOString()).toBe('2026-11-20T10:00:00.000Z');
  });
});

describe('return request', () => {
  it('needs at least one line, each once, whole positive quantities and a reason', () => {
    expect(CreateReturnInput.safeParse({ lines: [{ lineId: 1, quantity: 1 }], reason: 'Broken' }).success).toBe(true);
    expect(CreateReturnInput.safeParse({ lines: [], reason: 'Broken' }).success).toBe(false);
    expect(
      CreateReturnInput.safeParse({
        lines: [
          { lineId: 1, quantity: 1 },
          { lineId: 1, quantity: 1 },
        ],
        reason: 'Broken',
      }).success,
    ).toBe(false);
    expect(CreateReturnInput.safeParse({ lines: [{ lineId: 1, quantity: 0 }], reason: 'Broken' }).success).toBe(false);
    expect(CreateReturnInput.safeParse({ lines: [{ lineId: 1, quantity: 1.5 }], reason: 'Broken' }).success).toBe(false);
    expect(CreateReturnInput.safeParse({ lines: [{ lineId: 1, quantity: 1 }], reason: '  ' }).success).toBe(false);
  });
});
