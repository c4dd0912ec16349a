import { describe, expect, it } from 'vitest';
import { printPrice, PRINT_BASE_PRICE, PRINT_EXTRA_PER_NON_STL } from './services.schemas';
import { fitsBuildVolume, MAX_PRINT_CM } from './stl';

describe('printPrice', () => {
  it('is the base price for STL files only, whatever the case of the extension', () => {
    expect(PRINT_BASE_PRICE).toBe(200);
    expect(printPrice([])).toBe(200);
    expect(printPrice(['arm.stl', 'BASE.STL'])).toBe(200);
  });
  it('adds 150 for each file that is not STL', () => {
    expect(PRINT_EXTRA_PER_NON_STL).toBe(150);
    expect(printPrice(['arm.stl', 'gear.obj', 'case.step'])).toBe(500);
    expect(printPrice(['model.stl.zip'])).toBe(350);
  });
});

describe('the build volume check', () => {
  const limit = MAX_PRINT_CM * 10;
  const info = (x: number, y: number, z: number) => ({ size: { x, y, z } }) as Parameters<typeof fitsBuildVolume>[0];
  it('accepts a model up to 22 cm on every axis', () => {
    expect(fitsBuildVolume(info(limit, limit, limit))).toBe(true);
  });
  it('refuses a model over 22 cm on any one axis, the height included', () => {
    expect(fitsBuildVolume(info(limit + 1, 10, 10))).toBe(false);
    expect(fitsBuildVolume(info(10, limit + 1, 10))).toBe(false);
    expect(fitsBuildVolume(info(10, 10, limit + 0.5))).toBe(false);
  });
});
