import { StlError } from '@shared/stl';

/**
 * The triangle corners of an STL file (binary or ASCII) as a flat list of
 * x, y, z coordinates, nine per triangle: what a 3D preview draws. Whether the
 * file is a valid model is parseStl's job; this only reads the corners.
 */
export function stlPositions(bytes: Uint8Array): Float32Array {
  if (bytes.length >= 84) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = view.getUint32(80, true);
    // Binary STL: an 80-byte header, the triangle count, then 50 bytes per triangle (normal, 3 corners, attribute).
    if (count > 0 && 84 + count * 50 === bytes.length) {
      const out = new Float32Array(count * 9);
      for (let t = 0; t < count; t++) {
        const corners = 84 + t * 50 + 12;
        for (let k = 0; k < 9; k++) out[t * 9 + k] = view.getFloat32(corners + k * 4, true);
      }
      return out;
    }
  }
  const text = new TextDecoder().decode(bytes);
  const numbers: number[] = [];
  for (const m of text.matchAll(/vertex\s+(\S+)\s+(\S+)\s+(\S+)/g)) numbers.push(Number(m[1]), Number(m[2]), Number(m[3]));
  const whole = numbers.length - (numbers.length % 9);
  if (whole === 0) throw new StlError('The STL file has no triangles.');
  return Float32Array.from(numbers.slice(0, whole));
}
