import { createHash } from 'node:crypto';
import { RecentlyUsed } from './recently-used';

/** The strong ETag of a body: the first 32 characters of its SHA-256 in base64url, quoted. */
export function etagOfBody(identity: Buffer): string {
  return `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`;
}

/** A body the fast path made, ready to send: its bytes, its ETag and its fast compressions as made so far. */
export interface MadeBody {
  /** the body's text, the key it is kept under */
  text: string;
  identity: Buffer;
  etag: string;
  /** per encoding: the fast compression (null when it does not pay), absent until first made */
  encoded: { br?: Buffer | null; gzip?: Buffer | null };
}

/**
 * Bodies of the answers the fast path made lately, by their text (decision 096). Many never-asked
 * texts find the same products (a typo of a word and the word itself, a made-up word dropped
 * beside a real one), and so the same body: its bytes, ETag and compression are the same function
 * of its text every time, so they are made once and kept here, the least recently used evicted first
 * past `maxBodies` bodies or `maxBytes` bytes. Keyed by the whole text, a stale body cannot be found:
 * a product changed by an admin makes another text.
 */
export class MadeBodies {
  private readonly bodies: RecentlyUsed<string, MadeBody>;

  constructor(
    maxBodies = 256,
    private readonly maxBytes = 2 * 1024 * 1024,
  ) {
    this.bodies = new RecentlyUsed(maxBodies, maxBytes, sizeOf);
  }

  /** The body of this text: kept, or made now (`small`: never compressed, both encodings null). */
  of(text: string, small: (bytes: number) => boolean): MadeBody {
    const kept = this.bodies.get(text);
    if (kept) return kept;
    const identity = Buffer.from(text);
    const body: MadeBody = { text, identity, etag: etagOfBody(identity), encoded: small(identity.length) ? { br: null, gzip: null } : {} };
    if (identity.length * 3 <= this.maxBytes) this.bodies.set(text, body);
    return body;
  }

  /** Keeps a compression made for a body of `of` (the fast path makes it on the body's first answer in that encoding). */
  keepEncoded(body: MadeBody, encoding: 'br' | 'gzip', out: Buffer | null): void {
    if (body.encoded[encoding] !== undefined) return;
    body.encoded[encoding] = out;
    // Counted only while the body is kept here (one evicted meanwhile was uncounted as it was).
    if (out) this.bodies.resized(body.text, body, out.length);
  }
}

const sizeOf = (body: MadeBody) => body.identity.length + (body.encoded.br?.length ?? 0) + (body.encoded.gzip?.length ?? 0);
