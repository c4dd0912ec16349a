import { describe, expect, it } from 'vitest';
import { parseStl } from '@shared/stl';
import { asciiStl, binaryStl, cubeTriangles } from '@shared/testing/stl-samples';
import { stlSummary } from './stl-summary';

describe('stlSummary', () => {
  it('gives the bounding box in cm with one decimal and the volume in cm³', () => {
    expect(stlSummary(parseStl(binaryStl(cubeTriangles(20))))).toEqual({ size: '2.0 × 2.0 × 2.0 cm', volume: '8.0 cm³', warning: null });
    expect(stlSummary(parseStl(asciiStl(cubeTriangles(35))))).toMatchObject({ size: '3.5 × 3.5 × 3.5 cm', volume: '42.9 cm³' });
  });

  it('warns when the model exceeds the 22 cm build volume', () => {
    expect(stlSummary(parseStl(binaryStl(cubeTriangles(220)))).warning).toBeNull();
    const big = stlSummary(parseStl(binaryStl(cubeTriangles(230))));
    expect(big.size).toBe('23.0 × 23.0 × 23.0 cm');
    expect(big.warning).toBe('Larger than our 22 × 22 × 22 cm build volume: scale the model down before sending it.');
  });
});
