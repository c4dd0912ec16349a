import { describe, expect, it } from 'vitest';
import { isExactCollection, toCollectPaise } from './cod-amounts';

const cod = { payment_method: 'cod', cod_collected_at: null, status: 'placed', total_paise: 109_900 };

describe('COD amounts', () => {
  it('collects the whole total of a COD order until the cash is recorded', () => {
    expect(toCollectPaise(cod)).toBe(109_900);
    expect(toCollectPaise({ ...cod, status: 'dispatched' })).toBe(109_900);
    expect(toCollectPaise({ ...cod, status: 'delivered' })).toBe(109_900);
  });

  it('collects nothing of an order paid online, collected already, or canceled', () => {
    expect(toCollectPaise({ ...cod, payment_method: 'online' })).toBeNull();
    expect(toCollectPaise({ ...cod, status: 'delivered', cod_collected_at: '2026-11-20T12:00:00.000Z' })).toBeNull();
    expect(toCollectPaise({ ...cod, status: 'canceled' })).toBeNull();
  });

  it('takes exactly the total as the cash collected', () => {
    expect(isExactCollection(1_099, cod)).toBe(true);
    expect(isExactCollection(1_098.99, cod)).toBe(false);
    expect(isExactCollection(1_099.01, cod)).toBe(false);
    expect(isExactCollection(12.34, { total_paise: 1_234 })).toBe(true);
    expect(isExactCollection(12.345, { total_paise: 1_234 })).toBe(false);
  });
});
