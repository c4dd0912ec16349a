import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagOfBody, MadeBodies } from './made-bodies';

const small = (bytes: number) => bytes < 1024;

describe('MadeBodies', () => {
  it('makes a text once: the same bytes, ETag and kept compression for the next answer with it', () => {
    const bodies = new MadeBodies();
    const text = JSON.stringify(
      Array.from({ length: 20 }, (_, id) => ({ id, title: `Robot kit ${id}`, description: 'A kit of motors, wheels and a controller.' })),
    );
    const first = bodies.of(text, small);
    expect(first.identity.toString()).toBe(text);
    expect(first.etag).toBe(etagOfBody(Buffer.from(text)));
    expect(first.encoded).toEqual({});
    const br = brotliCompressSync(first.identity);
    bodies.keepEncoded(first, 'br', br);
    const again = bodies.of(`${text}`, small);
    expect(again).toBe(first);
    expect(again.encoded.br).toBe(br);
    // A compression already kept is not replaced.
    bodies.keepEncoded(again, 'br', Buffer.from('other'));
    expect(again.encoded.br).toBe(br);
  });

  it('never compresses a small body, and another text is another body', () => {
    const bodies = new MadeBodies();
    const a = bodies.of('[{"id":1,"price":10}]', small);
    expect(a.encoded).toEqual({ br: null, gzip: null });
    const b = bodies.of('[{"id":1,"price":11}]', small);
    expect(b).not.toBe(a);
    expect(b.etag).not.toBe(a.etag);
  });

  it('keeps at most its number of bodies and bytes, the least recently used going first', () => {
    const bodies = new MadeBodies(3, 1000);
    const [a, b, c] = ['a', 'b', 'c'].map((t) => bodies.of(t.repeat(100), small));
    bodies.of('a'.repeat(100), small); // a used last: b is the oldest now
    bodies.of('d'.repeat(100), small);
    expect(bodies.of('a'.repeat(100), small)).toBe(a);
    expect(bodies.of('c'.repeat(100), small)).toBe(c);
    expect(bodies.of('b'.repeat(100), small)).not.toBe(b);
    // Bytes: a body too big for the budget is made but not kept.
    const big = bodies.of('x'.repeat(400), small);
    expect(bodies.of('x'.repeat(400), small)).not.toBe(big);
    // Compressions count: over 1000 bytes, the oldest go.
    const d = bodies.of('d'.repeat(100), small);
    bodies.keepEncoded(d, 'gzip', Buffer.alloc(700));
    expect(bodies.of('a'.repeat(100), small)).not.toBe(a);
  });
});
