import { describe, expect, it } from 'vitest';
import { canSell, LOW_STOCK_THRESHOLD, stockLabel, stockMessages } from './stock';

describe('stockLabel', () => {
  it('says nothing for untracked or plentiful stock', () => {
    expect(stockLabel(null)).toBeNull();
    expect(stockLabel(LOW_STOCK_THRESHOLD + 1)).toBeNull();
  });
  it('warns at and below the threshold, and says out of stock at zero', () => {
    expect(stockLabel(LOW_STOCK_THRESHOLD)).toBe(`Only ${LOW_STOCK_THRESHOLD} left`);
    expect(stockLabel(1)).toBe('Only 1 left');
    expect(stockLabel(0)).toBe('Out of stock');
  });
});

describe('canSell', () => {
  it('sells any quantity of untracked stock', () => expect(canSell(null, 1_000)).toBe(true));
  it('sells up to the stock, not one more', () => {
    expect(canSell(3, 3)).toBe(true);
    expect(canSell(3, 4)).toBe(false);
    expect(canSell(0, 1)).toBe(false);
  });
});

describe('stockMessages.notEnough', () => {
  it('names the product and the units left', () => {
    expect(stockMessages.notEnough('Drone Kit', 2)).toBe('Only 2 of "Drone Kit" left in stock. Please lower the quantity.');
    expect(stockMessages.notEnough('Drone Kit', 0)).toBe('"Drone Kit" is out of stock. Please remove it to continue.');
  });
});
