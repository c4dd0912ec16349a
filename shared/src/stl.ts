/**
 * STL files (ASCII and binary): checked, measured (bounding box in the file's
 * units, taken as millimetres) and their volume computed, for the 3D printing
 * form (preview) and the server (validation). Pure: works on bytes.
 */
export interface StlInfo {
  format: 'binary' | 'ascii';
  triangles: number;
  /** size of the bounding box, in millimetres */
  size: { x: number; y: number; z: number };
  /** enclosed volume in cubic millimetres (absolute; 0 for open surfaces) */
  volume: number;
}

export class StlError extends Error {}

export const MAX_TRIANGLES = 5_000_000;

type Vec = [number, number, number];

function measure(format: StlInfo['format'], triangles: Iterable<[Vec, Vec, Vec]>): StlInfo {
  const min: Vec = [Infinity, Infinity, Infinity];
  const max: Vec = [-Infinity, -Infinity, -Infinity];
  let count = 0;
  let volume6 = 0;
  for (const [a, b, c] of triangles) {
    count++;
    for (const v of [a, b, c]) {
      for (let i = 0; i < 3; i++) {
        const n = v[i]!;
        if (!Number.isFinite(n)) throw new StlError('The STL file has coordinates that are not numbers.');
        min[i] = Math.min(min[i]!, n);
        max[i] = Math.max(max[i]!, n);
      }
    }
    // Signed volume of the tetrahedron (origin, a, b, c), times 6.
    volume6 += a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
  }
  if (count === 0) throw new StlError('The STL file has no triangles.');
  return {
    format,
    triangles: count,
    size: { x: max[0] - min[0], y: max[1] - min[1], z: max[2] - min[2] },
    volume: Math.abs(volume6) / 6,
  };
}

function* binaryTriangles(view: DataView, count: number): Generator<[Vec, Vec, Vec]> {
  for (let t = 0; t < count; t++) {
    const base = 84 + t * 50 + 12; // skip the normal
    const v = (k: number): Vec => [view.getFloat32(base + k * 12, true), view.getFloat32(base + k * 12 + 4, true), view.getFloat32(base + k * 12 + 8, true)];
    yield [v(0), v(1), v(2)];
  }
}

function* asciiTriangles(text: string): Generator<[Vec, Vec, Vec]> {
  const vertex = /vertex\s+(\S+)\s+(\S+)\s+(\S+)/g;
  let pending: Vec[] = [];
  let match: RegExpExecArray | null;
  while ((match = vertex.exec(text))) {
    pending.push([Number(match[1]), Number(match[2]), Number(match[3])]);
    if (pending.length === 3) {
      yield [pending[0]!, pending[1]!, pending[2]!];
      pending = [];
    }
  }
  if (pending.length !== 0) throw new StlError('The STL file ends in the middle of a triangle.');
}

/** Parses an STL file; throws StlError with a message for people when it is not one. */
export function parseStl(bytes: Uint8Array): StlInfo {
  if (bytes.length >= 84) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = view.getUint32(80, true);
    if (count > 0 && 84 + count * 50 === bytes.length) {
      if (count > MAX_TRIANGLES) throw new StlError(`The STL file has more than ${MAX_TRIANGLES.toLocaleString('en-IN')} triangles.`);
      return measure('binary', binaryTriangles(view, count));
    }
  }
  // ASCII STL starts with "solid" and is text (binary files may also start with "solid", but then their size matched above).
  // Not fatal: bytes that are not UTF-8 (a Latin-1 name, say) decode as U+FFFD.
  const decoder = new TextDecoder('utf-8');
  const head = decoder.decode(bytes.subarray(0, 512));
  if (/^\s*solid\b/i.test(head) && !head.includes('\u0000')) {
    const text = decoder.decode(bytes);
    if (!/facet\s+normal/i.test(text)) throw new StlError('The STL file has no triangles.');
    return measure('ascii', asciiTriangles(text));
  }
  throw new StlError('The file is not a valid STL file (neither binary nor ASCII STL).');
}

/** Build volume of the shop's printers, per side, in centimetres (SPEC.md §9). */
export const MAX_PRINT_CM = 22;

/** True when a model measured in millimetres fits in the build volume. */
export function fitsBuildVolume(info: StlInfo): boolean {
  const limit = MAX_PRINT_CM * 10;
  return info.size.x <= limit && info.size.y <= limit && info.size.z <= limit;
}
