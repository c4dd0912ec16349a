import { describe, expect, it } from 'vitest';
import { fitsBuildVolume, MAX_TRIANGLES, parseStl, StlError } from './stl';
import { asciiStl, binaryStl, boxTriangles, cubeTriangles } from './testing/stl-samples';

const text = (s: string) => new TextEncoder().encode(s);
/** Bytes of a text in Latin-1 (one byte a character), as older CAD programs write names. */
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const ascii = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const triangle = 'facet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\n';
/** A binary STL of `count` triangles, all zero: memory is only touched where written. */
function zeroBinary(count: number): Uint8Array {
  const bytes = new Uint8Array(84 + count * 50);
  new DataView(bytes.buffer).setUint32(80, count, true);
  return bytes;
}
/** A binary STL whose 80-byte header starts with "solid", as some CAD programs write. */
function solidHeader(bytes: Uint8Array): Uint8Array {
  const copy = bytes.slice();
  copy.set(text('solid part'));
  return copy;
}

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

  const box = boxTriangles([30, 40, 50], [-15, 7, 100]);
  it.each([
    ['binary', binaryStl(box)],
    ['ascii', asciiStl(box)],
    ['binary', solidHeader(binaryStl(box))],
    ['ascii', text(`\n  ${ascii(asciiStl(box)).replace(/ /g, ' \t ')}`)],
    ['ascii', latin1(ascii(asciiStl(box)).replace('solid cube', 'solid pièce'))],
  ] as const)('measures a 30 x 40 x 50 mm box away from the origin (%s)', (format, bytes) => {
    const info = parseStl(bytes);
    expect(info).toMatchObject({ format, triangles: 12, size: { x: 30, y: 40, z: 50 } });
    expect(info.volume).toBeCloseTo(60_000, 1);
  });

  const notStl = 'not a valid STL file';
  const noTriangles = 'has no triangles';
  it.each([
    ['a PNG renamed', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), notStl],
    ['text', text('hello, this is not a model'), notStl],
    ['text mentioning a solid later on', text(`my solid\n${triangle}`), notStl],
    ['nothing', new Uint8Array(), notStl],
    ['a binary header announcing no triangles', zeroBinary(0), notStl],
    ['a truncated binary file whose header starts with "solid"', solidHeader(binaryStl(cubeTriangles(10))).subarray(0, 500), notStl],
    ['a binary file of more than 5,000,000 triangles', zeroBinary(MAX_TRIANGLES + 1), 'more than 50,00,000 triangles'],
    ['an empty solid', text('solid empty\nendsolid empty\n'), noTriangles],
    ['a facet without vertices', text('solid x\nfacet normal 0 0 1\nendfacet\nendsolid x\n'), noTriangles],
    ['vertices outside any facet', text('solid x\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendsolid x\n'), noTriangles],
    [
      'a truncated triangle',
      text(`solid x\n${triangle}facet normal 0 0 0\nouter loop\nvertex 0 0 0\nendloop\nendfacet\nendsolid`),
      'ends in the middle of a triangle',
    ],
    ['a coordinate that is not a number', text(`solid x\n${triangle.replace('vertex 1 0 0', 'vertex 1 0 nan')}endsolid`), 'coordinates that are not numbers'],
    ['an infinite coordinate', text(`solid x\n${triangle.replace('vertex 0 1 0', 'vertex 0 1e999 0')}endsolid`), 'coordinates that are not numbers'],
  ])('refuses %s', (_n, bytes, message) => {
    expect(() => parseStl(bytes)).toThrow(StlError);
    expect(() => parseStl(bytes)).toThrow(message);
  });
});
