import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asciiStl, binaryStl, cubeTriangles } from '@shared/testing/stl-samples';

/** A 1 x 1 pixel PNG, standing in for a drawing sent with a 2D-to-3D request. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export type PrintFiles = { dir: string; bracket: string; gear: string; sketch: string };

/**
 * Writes the files a customer would upload into a fresh temporary directory:
 * a 2 cm cube as binary STL, a 3.5 cm cube as ASCII STL and a PNG.
 */
export function writePrintFiles(): PrintFiles {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-files-'));
  const file = (name: string, bytes: Uint8Array) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, bytes);
    return p;
  };
  return {
    dir,
    bracket: file('bracket.stl', binaryStl(cubeTriangles(20))),
    gear: file('gear.stl', asciiStl(cubeTriangles(35))),
    sketch: file('sketch.png', TINY_PNG),
  };
}
