/** STL files made in code, for tests: a closed cube of side s millimetres, as binary or ASCII STL. */
export function cubeTriangles(s: number): number[][][] {
  const p = (x: number, y: number, z: number) => [x * s, y * s, z * s];
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
