import { describe, expect, it } from 'vitest';
import { fitsBuildVolume, parseStl, StlError } from './stl';
import { asciiStl, binaryStl, cubeTriangles } from './testing/stl-samples';

describe('STL', () => {
  it('measures a binary cube: size and volume', () => {
    const info = parseStl(binaryStl(cubeTriangles(20)));
    expect(info).toMatchObject({ format: 'binary', triangles: 12, size: { x: 20, y: 20, z: 20 } });
    expect(info.volume).toBeCloseTo(8000, 3);
    expect(fitsBuildVolume(info)).toBe(true);
  });

  it('measures an ASCII cube and tells when it exceeds the 22 cm build volume', () => {
    const info = parseStl(asciiStl(cubeTriangles(230)));
    expect(info).toMatchObject({ format: 'ascii', triangles: 12, size: { x: 230, y: 230, z: 230 } });
    expect(info.volume).toBeCloseTo(230 ** 3, 0);
    expect(fitsBuildVolume(info)).toBe(false);
  });

  it.each([
    ['a PNG renamed', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])],
    ['text', new TextEncoder().encode('hello, this is not a model')],
    ['an empty solid', new TextEncoder().encode('solid empty\nendsolid empty\n')],
    ['a truncated triangle', new TextEncoder().encode('solid x\nfacet normal 0 0 0\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\nendfacet\nendsolid')],
    ['nothing', new Uint8Array()],
  ])('refuses %s', (_n, bytes) => {
    expect(() => parseStl(bytes)).toThrow(StlError);
  });
});
