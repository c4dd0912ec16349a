import { describe, expect, it } from 'vitest';
import { truncate } from './format';

describe('truncate', () => {
  it('keeps text of at most 100 characters as it is', () => {
    expect(truncate('Short description')).toBe('Short description');
    expect(truncate('x'.repeat(100))).toBe('x'.repeat(100));
  });

  it('cuts longer text to 100 characters and adds ...', () => {
    expect(truncate('y'.repeat(101))).toBe(`${'y'.repeat(100)}...`);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const text = '🤖'.repeat(120);
    expect(truncate(text)).toBe(`${'🤖'.repeat(100)}...`);
  });
});
