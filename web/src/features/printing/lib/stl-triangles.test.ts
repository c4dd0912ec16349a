import { describe, expect, it } from 'vitest';
import { StlError } from '@shared/stl';
import { asciiStl, binaryStl, cubeTriangles } from '@shared/testing/stl-samples';
import { stlPositions } from './stl-triangles';

describe('stlPositions', () => {
  const cube = cubeTriangles(10);

  it('reads the corners of every triangle of a binary STL in order', () => {
    const positions = stlPositions(binaryStl(cube));
    expect(positions).toHaveLength(12 * 9);
    expect(Array.from(positions)).toEqual(cube.flat(2));
  });

  it('reads the same corners from an ASCII STL', () => {
    expect(Array.from(stlPositions(asciiStl(cube)))).toEqual(cube.flat(2));
  });

  it('reads a binary STL that sits inside a larger buffer', () => {
    const bytes = binaryStl(cube);
    const padded = new Uint8Array(bytes.length + 16);
    padded.set(bytes, 8);
    expect(Array.from(stlPositions(padded.subarray(8, 8 + bytes.length)))).toEqual(cube.flat(2));
  });

  it('throws StlError for a file with no triangles', () => {
    expect(() => stlPositions(new TextEncoder().encode('hello'))).toThrow(StlError);
  });
});
