type Xyz = [number, number, number];

/**
 * STL files made in code, for tests: a closed box of the given sides in millimetres,
 * its lowest corner at `at` (the origin unless given), as binary or ASCII STL.
 */
export function boxTriangles([sx, sy, sz]: Xyz, [ax, ay, az]: Xyz = [0, 0, 0]): number[][][] {
  const p = (x: number, y: number, z: number) => [ax + x * sx, ay + y * sy, az + z * sz];
  const quads = [
    [p(0, 0, 0), p(0, 1, 0), p(1, 1, 0), p(1, 0, 0)],
    [p(0, 0, 1), p(1, 0, 1), p(1, 1, 1), p(0, 1, 1)],
    [p(0, 0, 0), p(1, 0, 0), p(1, 0, 1), p(0, 0, 1)],
    [p(0, 1, 0), p(0, 1, 1), p(1, 1, 1), p(1, 1, 0)],
    [p(0, 0, 0), p(0, 0, 1), p(0, 1, 1), p(0, 1, 0)],
    [p(1, 0, 0), p(1, 1, 0), p(1, 1, 1), p(1, 0, 1)],
  ];
  return quads.flatMap(([a, b, c, d]) => [
    [a!, b!, c!],
    [a!, c!, d!],
  ]);
}

/** A closed cube of side s millimetres at the origin. */
export const cubeTriangles = (s: number) => boxTriangles([s, s, s]);

export function binaryStl(tris: number[][][]): Uint8Array {
  const buf = new ArrayBuffer(84 + tris.length * 50);
  const view = new DataView(buf);
  view.setUint32(80, tris.length, true);
  tris.forEach((t, i) => t.forEach((v, k) => v.forEach((n, j) => view.setFloat32(84 + i * 50 + 12 + k * 12 + j * 4, n, true))));
  return new Uint8Array(buf);
}

export function asciiStl(tris: number[][][]): Uint8Array {
  const body = tris.map((t) => `facet normal 0 0 0\n outer loop\n${t.map((v) => `  vertex ${v.join(' ')}`).join('\n')}\n endloop\nendfacet`).join('\n');
  return new TextEncoder().encode(`solid cube\n${body}\nendsolid cube\n`);
}
