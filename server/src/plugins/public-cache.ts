import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, onRequestHookHandler } from 'fastify';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import { FreshRead, forgetReadsOfThisTurn } from '../db/fresh-read';
import { isDatabaseUnavailable } from '../db/pg-pool';
import { etagOfBody, MadeBodies, type MadeBody } from './made-bodies';
import { RecentlyUsed } from './recently-used';
import { replyBeingMade } from './request-context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is the same for every visitor (no identity, no cookie): served from the public
     * cache, as stored bytes, until the next admin change.
     */
    publicCache?: boolean;
  }
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What a cached answer is made of: the body as sent without encoding, and the headers that belong to it. */
interface CachedAnswer {
  status: number;
  type: string;
  body: string | Buffer;
  /** e.g. X-Total-Count; never Set-Cookie, CORS or security headers (those are added per request) */
  headers?: Record<string, string>;
  cacheControl?: string;
  /** the ETag of this body when already known (an answer the cache holds the same bytes of) */
  etag?: string;
  /** fast compressions of this body already made (a body of MadeBodies) */
  encoded?: MadeBody['encoded'] | undefined;
}

/**
 * What a route answers for its one parameter, told at once from memory (decision 079): its 200
 * with the body as the app would serialise it, its "nothing matches" 404 (always the same answer),
 * or null when the app must answer (it cannot be told from memory).
 */
export type PlainAnswer = { status: 200; body: string } | { status: 404 } | null;

/**
 * A route whose answers to a plain parameter the fast path may make and send without Fastify
 * (public-cache-fast-path.ts, decisions 071 and 079): its pattern, and its answer to the text of
 * its one parameter.
 */
export interface PlainAnswers {
  /** the route's URL pattern, e.g. `/api/products/search/:query` */
  route: string;
  answer(param: string): PlainAnswer | Promise<PlainAnswer>;
}

type Encoding = 'br' | 'gzip' | 'identity';
/** What a lookup finds: the entry (null when there is none for the current version) and that version. */
interface Found {
  entry: Entry | null;
  version: number;
}
type Compressed = Exclude<Encoding, 'identity'>;

export interface Entry {
  key: string;
  version: number;
  status: number;
  type: string;
  headers: Record<string, string>;
  cacheControl: string;
  etag: string;
  identity: Buffer;
  /** per encoding: the bytes, null when compressing does not pay, absent until first asked for */
  encoded: Partial<Record<Compressed, Buffer | null>>;
  /** compressions under way, shared by the requests that wait for them */
  pending: Partial<Record<Compressed, Promise<Buffer | null>>>;
  /**
   * per encoding: every header the app sent with this answer to a visitor (no Origin, no
   * revalidation) but the request id and the length, for the fast path that sends it again without
   * Fastify (public-cache-fast-path.ts)
   */
  replay: Partial<Record<Encoding, Record<string, string>>>;
  /** served from the cache this many times; the first time (the answer's third request), the densest compression is made in the background */
  hits: number;
  bytes: number;
}

/**
 * Bodies smaller than this are sent as they are: @fastify/compress's threshold for the app's other
 * answers. Under 1 KB the bytes saved (a few hundred) are worth less than the compression's CPU
 * (decision 079).
 */
const MIN_COMPRESS = 1024;

/** Up to this size a fast compression is done at once, on the request's own thread. */
const SYNC_COMPRESS_MAX = 128 * 1024;

/**
 * Compresses a body. Fast (brotli 0, gzip 1) for the request that made the answer: a page of 60
 * search results (32 KB) takes 74 µs at brotli 0, 119 µs at brotli 1 and 0.23-0.28 ms at brotli 3,
 * for 11.5 KB, 11.4 KB and 8.8 KB, and 0.16-0.2 ms at gzip 1 against 0.56-0.59 ms at gzip 6, for 7 %
 * more bytes (decisions 027, 029); under ten connections a tenth of a millisecond of CPU per answer
 * is a millisecond of waiting for each. Dense (brotli 11, gzip 9: 60 ms for the same answer) only for
 * answers asked for again, in the background. A fast compression of a body of ordinary size runs
 * synchronously: zlib's asynchronous form costs more of the main thread in stream bookkeeping
 * (about 0.35 ms a request in the profile of new searches) than the compression itself, and takes
 * a second core on top.
 */
async function compress(body: Buffer, encoding: Compressed, dense: boolean): Promise<Buffer | null> {
  if (!dense && body.length <= SYNC_COMPRESS_MAX) return compressNow(body, encoding, false);
  const out = encoding === 'br' ? await brotli(body, brotliOptions(body, dense)) : await gzip(body, { level: dense ? 9 : 1 });
  return out.length < body.length ? out : null;
}

/** compress(), on the calling thread: null when compressing does not pay. */
function compressNow(body: Buffer, encoding: Compressed, dense: boolean): Buffer | null {
  const out = encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(body, dense)) : zlib.gzipSync(body, { level: dense ? 9 : 1 });
  return out.length < body.length ? out : null;
}

function brotliOptions(body: Buffer, dense: boolean): zlib.BrotliOptions {
  return {
    params: {
      // Past 64 KB (a long product list) brotli 11 costs too much even in the background.
      [zlib.constants.BROTLI_PARAM_QUALITY]: dense ? (body.length <= 64 * 1024 ? 11 : 6) : 0,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  };
}

/** The ETag of an entry's body as sent in this encoding ('identity': not compressed). */
function etagOf(entry: Entry, encoding: Encoding): string {
  return encoding === 'identity' ? entry.etag : `"${entry.etag.slice(1, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

/**
 * The kind of an answer whose headers stand for those of its route's others in an encoding: status,
 * and whether its body is ever compressed.
 */
const kindOf = (route: string, status: number, bytes: number, encoding: Encoding) =>
  `${status} ${bytes < MIN_COMPRESS ? 'small' : 'compressible'} ${encoding} ${route}`;

/** Accept-Encoding values seen (browsers send a handful), with the encoding each one picks. */
const picked = new Map<string, Encoding>();

/** The encoding to send: brotli, else gzip, else none, as the request's Accept-Encoding allows (q=0 refuses). */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity';
  if (typeof header !== 'string') return parseEncoding(header.join(','));
  let encoding = picked.get(header);
  if (encoding === undefined) {
    encoding = parseEncoding(header);
    if (picked.size >= 256) picked.clear();
    picked.set(header, encoding);
  }
  return encoding;
}

function parseEncoding(header: string): Encoding {
  const accepted = new Set<string>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** The headers of a reply about to be sent, as the fast path sends them again: without the request's own id and the length. */
function headersToReplay(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    const lower = name.toLowerCase();
    if (value === undefined || lower === 'x-request-id' || lower === 'content-length') continue;
    headers[lower] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** True when If-None-Match names one of the representations of this entry (or `*`). */
function notModified(req: FastifyRequest, entry: Entry): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const base = entry.etag.slice(1, -1);
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, '').replace(/^"|"$/g, ''))
    .some((t) => t === '*' || t === base || t === `${base}-br` || t === `${base}-gz`);
}

/**
 * The keys asked for once, remembered without keeping them: a bitset in which each key sets two
 * bits chosen by a hash of it (a Bloom filter, the "doorkeeper" of TinyLFU). The public cache
 * stores an answer only when its key is asked for a second time (decision 029): a search nobody
 * asked before would otherwise keep two Buffers (its body and its compressed copy) for every new
 * query, which made V8 run a full collection every few hundred milliseconds under new queries.
 * Fixed size, no allocation per request; forgotten all at once after `capacity` new keys, so a key
 * asked once long ago must be asked twice again. A false "seen" (under 2 % when nearly full) only
 * stores an answer at its first request, as before.
 */
export class FirstAsks {
  private readonly bits: Int32Array;
  private readonly mask: number;
  private added = 0;

  constructor(private readonly capacity = 64 * 1024) {
    // 16 bits per key: two probes, at most an eighth of the bits set.
    const size = 2 ** Math.ceil(Math.log2(capacity * 16));
    this.bits = new Int32Array(size / 32);
    this.mask = size - 1;
  }

  /** True when key was (most likely) asked for since the last reset; otherwise remembers it and returns false. */
  seenBefore(key: string): boolean {
    // FNV-1a over the UTF-16 code units, and a second probe mixed from the same hash.
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    const a = h & this.mask;
    const b = (Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0) & this.mask;
    const seen = (this.bits[a >>> 5]! & (1 << (a & 31))) !== 0 && (this.bits[b >>> 5]! & (1 << (b & 31))) !== 0;
    if (seen) return true;
    if (++this.added > this.capacity) {
      this.bits.fill(0);
      this.added = 1;
    }
    this.bits[a >>> 5]! |= 1 << (a & 31);
    this.bits[b >>> 5]! |= 1 << (b & 31);
    return false;
  }

  /** Forgets every key. */
  clear(): void {
    this.bits.fill(0);
    this.added = 0;
  }
}

/**
 * Cached public answers (catalogue, search, adverts, the web app's pages) as ready-to-send bytes:
 * identity, brotli and gzip, with a strong ETag per encoding (a revalidation gets 304).
 *
 * Every cached answer carries the version of the `public_cache_version` row it was made under; a
 * request compares it with the row's current version, so an admin change (which increments the
 * row) is seen on the next request by every app server sharing the database. The version is read
 * as a FreshRead: never older than the request, and cheap when many requests ask at once.
 */
export class PublicCache {
  /** the routes answered from the cache (`GET /api/...`), for the test that keeps private routes out */
  readonly routes: string[] = [];
  /** answers sent by the fast path, without Fastify (public-cache-fast-path.ts) */
  sentFast = 0;
  /** lookups by the app that found a current answer, and that did not (for /metrics) */
  hits = 0;
  misses = 0;
  /**
   * Per URL prefix (a route's path up to its last parameter): the route whose answers the fast path
   * may make and send itself (see PlainAnswers), registered by the route's module.
   */
  readonly plainAnswers = new Map<string, PlainAnswers>();
  /** the patterns of the routes of plainAnswers */
  private readonly plainRoutes = new Set<string>();
  /**
   * Per route of plainAnswers, status and size (see kindOf): the last answer of that kind the app
   * sent to a visitor, with the headers it sent (replay), which the fast path sends with its own.
   */
  private readonly lastSent = new Map<string, Entry>();
  private readonly entries: RecentlyUsed<string, Entry>;
  /** the bodies the fast path made lately, ready to send (decision 096) */
  private readonly madeBodies = new MadeBodies();
  private readonly firstAsks = new FirstAsks();
  private disabled = false;
  private readonly versionRead: FreshRead<number>;

  constructor(
    db: Db,
    private readonly limits = { maxEntries: 5_000, maxBytes: 64 * 1024 * 1024 },
  ) {
    this.versionRead = versionReadOf(db);
    this.entries = new RecentlyUsed(limits.maxEntries, limits.maxBytes, (entry) => entry.bytes);
  }

  /** The current version of the public answers in the database (NaN when it cannot be read: nothing is served from the cache). */
  version(): Promise<number> | number {
    return publicCacheVersion(this.versionRead);
  }

  /**
   * The entry for key if it was made under the current version. Synchronous when the version is
   * (SQLite): a cached answer then leaves without a promise on its way.
   */
  lookup(key: string): Found | Promise<Found> {
    const current = this.version();
    return typeof current === 'number' ? this.find(key, current) : current.then((version) => this.find(key, version));
  }

  private find(key: string, version: number): Found {
    const entry = this.entries.peek(key);
    if (!entry || entry.version !== version) return { entry: null, version };
    this.entries.get(key); // now the most recently used
    if (++entry.hits === 1) this.densify(entry);
    return { entry, version };
  }

  /**
   * Stores an answer made under `version` if its key was asked for before (a key held in the cache
   * under an older version counts as asked). Returns the entry (stored or not): an entry not stored
   * is sent all the same, and left to the young generation.
   */
  store(key: string, version: number, answer: CachedAnswer): Entry {
    const identity = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body);
    const etag = answer.etag ?? etagOfBody(identity);
    const small = identity.length < MIN_COMPRESS;
    const entry: Entry = {
      key,
      version,
      status: answer.status,
      type: answer.type,
      headers: answer.headers ?? {},
      cacheControl: answer.cacheControl ?? 'no-cache',
      etag,
      identity,
      encoded: small ? { br: null, gzip: null } : { ...answer.encoded },
      pending: {},
      replay: {},
      hits: 0,
      bytes: identity.length + key.length,
    };
    if (Number.isFinite(version) && entry.bytes <= this.limits.maxBytes / 16 && (this.entries.has(key) || this.firstAsks.seenBefore(key))) {
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** The entry's body in this encoding, compressed on first use. */
  private async encoded(entry: Entry, encoding: Compressed): Promise<Buffer | null> {
    const done = entry.encoded[encoding];
    if (done !== undefined) return done;
    entry.pending[encoding] ??= compress(entry.identity, encoding, false).then((out) => {
      // A dense copy made meanwhile is kept.
      if (entry.encoded[encoding] === undefined) this.keep(entry, encoding, out);
      delete entry.pending[encoding];
      // Asked for again before this encoding was first wanted (say by a client with no
      // Accept-Encoding): it gets its densest copy now, as the ones made before did.
      if (entry.hits > 0) this.densifyOne(entry, encoding);
      return entry.encoded[encoding] ?? null;
    });
    return entry.pending[encoding];
  }

  private keep(entry: Entry, encoding: Compressed, out: Buffer | null) {
    const grown = (out?.length ?? 0) - (entry.encoded[encoding]?.length ?? 0);
    entry.encoded[encoding] = out;
    entry.bytes += grown;
    this.entries.resized(entry.key, entry, grown);
  }

  /** Replaces the fast compressions of an entry asked for again with the densest ones. */
  private densify(entry: Entry) {
    for (const encoding of ['br', 'gzip'] as const) if (entry.encoded[encoding]) this.densifyOne(entry, encoding);
  }

  /** Makes the densest compression of one encoding in the background and keeps it if smaller. */
  private densifyOne(entry: Entry, encoding: Compressed) {
    void compress(entry.identity, encoding, true)
      .then((out) => {
        if (out && out.length < (entry.encoded[encoding]?.length ?? Infinity)) this.keep(entry, encoding, out);
      })
      .catch(() => {});
  }

  /**
   * Sends an entry in the best encoding the request accepts, or 304 when the request already holds
   * it. One ETag per encoding: the fast and the dense compression of the same answer share it (same
   * content, same encoding; they differ only in size).
   */
  send(req: FastifyRequest, reply: FastifyReply, entry: Entry, remember = false): FastifyReply | Promise<FastifyReply> {
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (encoding === 'identity') return this.sendAs(req, reply, entry, encoding, null, remember);
    const made = entry.encoded[encoding];
    if (made !== undefined) return this.sendAs(req, reply, entry, encoding, made, remember);
    return this.encoded(entry, encoding).then((body) => this.sendAs(req, reply, entry, encoding, body, remember));
  }

  /**
   * A cached answer ready to be sent again without Fastify: its status, the headers the app sent
   * with it in this encoding, and the body those headers describe. Null until the app has sent it
   * once in this encoding, and when its compressed bytes changed kind since (the fast path then
   * hands the request to the app, which remembers the answer afresh).
   */
  replay(entry: Entry, encoding: Encoding): { status: number; headers: Record<string, string>; body: Buffer } | null {
    const headers = entry.replay[encoding];
    if (!headers) return null;
    const made = encoding === 'identity' ? null : entry.encoded[encoding];
    if (made === undefined || (headers['content-encoding'] !== undefined) !== (made !== null)) return null;
    return { status: entry.status, headers, body: made ?? entry.identity };
  }

  private sendAs(req: FastifyRequest, reply: FastifyReply, entry: Entry, encoding: Encoding, body: Buffer | null, remember: boolean): FastifyReply {
    const etag = etagOf(entry, body ? encoding : 'identity');
    // Added to, not replaced: a CORS hook may have put Origin there already.
    const vary = reply.getHeader('vary');
    reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    reply.header('ETag', etag).header('Cache-Control', entry.cacheControl);
    for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
    if (entry.status === 200 && notModified(req, entry)) return reply.code(304).send();
    if (body) reply.header('Content-Encoding', encoding);
    reply.code(entry.status).type(entry.type);
    if (remember && req.method === 'GET' && !req.headers.origin) entry.replay[encoding] = headersToReplay(reply);
    return reply.send(body ?? entry.identity);
  }

  /**
   * Answers from the cache, or makes the answer with `make`, caches it and sends it. Requests that
   * carry an Authorization header (admins, API clients) are never served from nor stored in the
   * cache: such an answer may depend on who asks.
   */
  async respond(req: FastifyRequest, reply: FastifyReply, key: string, make: () => Promise<CachedAnswer | null>) {
    if (req.headers.authorization || this.disabled) {
      const answer = await make();
      return answer
        ? reply
            .code(answer.status)
            .type(answer.type)
            .headers(answer.headers ?? {})
            .send(answer.body)
        : reply;
    }
    const { entry, version } = await this.lookup(key);
    if (entry) {
      this.hits++;
      return this.send(req, reply, entry);
    }
    this.misses++;
    const answer = await make();
    if (!answer) return reply;
    return this.send(req, reply, this.store(key, version, answer));
  }

  /** Lets the fast path make the answers of a route to a plain parameter (decision 079). */
  answerPlain(prefix: string, answers: PlainAnswers): void {
    this.plainAnswers.set(prefix, answers);
    this.plainRoutes.add(answers.route);
  }

  /**
   * Keeps an answer the app is sending as the model of its route's answers of its kind (its headers
   * are recorded as it is sent to a visitor); true when the route is one of plainAnswers'.
   */
  sentByApp(route: string, entry: Entry, req: FastifyRequest): boolean {
    if (!this.plainRoutes.has(route)) return false;
    // What sendAs records the headers of: a visitor's GET without Origin.
    if (req.method === 'GET' && !req.headers.origin) {
      this.lastSent.set(kindOf(route, entry.status, entry.identity.length, pickEncoding(req.headers['accept-encoding'])), entry);
    }
    return true;
  }

  /** The app's last answer of this route, status and body size to a visitor in this encoding (null when it has sent none since the start). */
  sentLike(route: string, status: number, bytes: number, encoding: Encoding): Entry | null {
    return this.lastSent.get(kindOf(route, status, bytes, encoding)) ?? null;
  }

  /**
   * Gives a new entry the headers that `like` (the app's answer of the same kind: sentLike) was sent
   * with in this encoding, with the entry's own ETag, compressing it now if it is not yet: what the
   * app sends for it, to be sent by the fast path (decision 079). False when the app must answer:
   * it has not sent `like` in this encoding, or the entry's body would be sent otherwise (too big to
   * compress at once, or compressing it does not pay where it paid for `like`).
   */
  replayLike(entry: Entry, like: Entry, encoding: Encoding): boolean {
    const headers = like.replay[encoding];
    if (!headers) return false;
    if (encoding !== 'identity' && entry.encoded[encoding] === undefined) {
      if (entry.identity.length > SYNC_COMPRESS_MAX) return false;
      this.keep(entry, encoding, compressNow(entry.identity, encoding, false));
    }
    const body = encoding === 'identity' ? null : entry.encoded[encoding]!;
    if ((headers['content-encoding'] !== undefined) !== (body !== null)) return false;
    const etag = etagOf(entry, body ? encoding : 'identity');
    // The same ETag (a 404, always the same body): the same headers, not a copy per answer.
    entry.replay[encoding] = headers.etag === etag ? headers : { ...headers, etag };
    return true;
  }

  /**
   * A body a route's plain answer made, as bytes with its ETag and the fast compressions made of it
   * so far: the same text gives the same ones, made once (decision 096).
   */
  madeBody(text: string): MadeBody {
    return this.madeBodies.of(text, (bytes) => bytes < MIN_COMPRESS);
  }

  /** Keeps, for the next answers with this body, the compression replayLike made for an entry of it. */
  keepMadeEncoding(body: MadeBody, entry: Entry, encoding: Encoding): void {
    if (encoding !== 'identity' && entry.encoded[encoding] !== undefined) this.madeBodies.keepEncoded(body, encoding, entry.encoded[encoding]);
  }

  /** Turns the cache off (PUBLIC_CACHE=0): respond() then always makes the answer afresh. */
  disable() {
    this.disabled = true;
  }

  /** Forgets every entry of this process (the version row is what other nodes look at). */
  clear() {
    this.entries.clear();
    this.firstAsks.clear();
  }
}

const versionReads = new WeakMap<Db, FreshRead<number>>();

function versionReadOf(db: Db): FreshRead<number> {
  let read = versionReads.get(db);
  if (!read) {
    const query = db.selectFrom('public_cache_version').select('version').where('id', '=', 1).compile();
    versionReads.set(db, (read = new FreshRead(db, query, (row) => Number(row?.version ?? 0))));
  }
  return read;
}

/**
 * The version of the public answers now, never older than the call: what anything kept for public
 * reads (the cache here, the product rows of catalogue/public-products.ts) is checked against.
 * NaN when it cannot be read: then nothing kept may be used.
 */
export function publicCacheVersion(source: Db | FreshRead<number>): number | Promise<number> {
  const read = source instanceof FreshRead ? source : versionReadOf(source);
  // A request whose cache lookup missed has read the version since it arrived: what it keeps or
  // reads under that version is as fresh as it needs (and on PostgreSQL a second read was a second
  // round trip per request, up to two under load).
  const req = replyBeingMade()?.request as CachingRequest | undefined;
  if (req?.[kVersionRead] === read && Number.isFinite(req[kVersion])) return req[kVersion]!;
  // Any other request keeps the first version it read too (a cart reads it for its product and
  // for the shipping rules, at once): one round trip per request on PostgreSQL, not one per reader.
  const seen = req?.[kSeen];
  if (seen?.read === read) return seen.version;
  try {
    // One read per turn of the event loop on SQLite: a sixth of the work of a cached answer was
    // this read (5 µs, mostly the WAL's read lock). Decision 023.
    const version = read.readThisTurn();
    if (typeof version === 'number') return version;
    const answer = version.catch(() => Number.NaN);
    if (req) {
      const kept = { read, version: answer as number | Promise<number> };
      req[kSeen] = kept;
      void answer.then((v) => {
        if (req[kSeen] !== kept) return;
        // A failed read is not kept: the next reader tries again.
        if (Number.isFinite(v)) kept.version = v;
        else delete req[kSeen];
      });
    }
    return answer;
  } catch {
    return Number.NaN;
  }
}

/** How often a bump put off by an unreachable database is tried again. */
const BUMP_RETRY_MS = 500;

/**
 * Marks every cached public answer, on every app server, as out of date. Called after each admin
 * change; call it too from any other code that changes what the public reads show (prices, titles,
 * images, categories, adverts, stock).
 */
export async function bumpPublicCacheVersion(db: Db): Promise<void> {
  await sql`UPDATE public_cache_version SET version = version + 1 WHERE id = 1`.execute(db);
  forgetReadsOfThisTurn();
  // The request that changed it reads the new version from now on.
  delete (replyBeingMade()?.request as CachingRequest | undefined)?.[kSeen];
}

/** The cache's key of a public API answer: a HEAD shares its GET's. */
export const cacheKeyOf = (method: string, url: string | undefined) => `${method === 'HEAD' ? 'GET' : method} ${url}`;
const cacheKey = (req: FastifyRequest) => cacheKeyOf(req.method, req.url);
const kVersion = Symbol('publicCacheVersion');
/** the version row (its database's FreshRead) kVersion was read from */
const kVersionRead = Symbol('publicCacheVersionRead');
/** on a request that is not a cache miss: the version it read first (or the read under way), from which row */
const kSeen = Symbol('publicCacheVersionSeen');
type CachingRequest = FastifyRequest & {
  [kVersion]?: number;
  [kVersionRead]?: FreshRead<number>;
  [kSeen]?: { read: FreshRead<number>; version: number | Promise<number> };
};

/**
 * Wires the public cache into the app: routes with `config.publicCache` are answered from it
 * (looked up after the app's own onRequest hooks: request id, security headers, CORS; before the
 * rate limiter, which counts only the requests that make an answer), and every
 * admin write (a route with `config.admin`, by an authenticated admin) increments the version
 * before its answer leaves, so the admin's next read, on any node, sees the change.
 */
export function registerPublicCache(app: FastifyInstance) {
  const cache = new PublicCache(app.db);
  app.decorate('publicCache', cache);
  // Off, this node still bumps the version on admin writes: other nodes may cache.
  if (!app.config.publicCache) cache.disable();

  // A callback hook, not an async one: a cached answer found synchronously (SQLite) is sent at once.
  const lookup: onRequestHookHandler = function (req, reply, done) {
    if (req.headers.authorization) return done();
    const answer = ({ entry, version }: Found) => {
      if (!entry) {
        cache.misses++;
        (req as CachingRequest)[kVersion] = version;
        (req as CachingRequest)[kVersionRead] = versionReadOf(app.db);
        return done();
      }
      cache.hits++;
      // Sent from the hook: done is not called, so the route's handler does not run.
      const sent = cache.send(req, reply, entry, true);
      if (sent instanceof Promise) sent.catch(done);
    };
    const found = cache.lookup(cacheKey(req));
    if (found instanceof Promise) found.then(answer, done);
    else answer(found);
  };

  // An admin's change is stored before its answer leaves; if the database is lost in between, the
  // answer stays as made (a 503 turned into another would name no cause, a success into a 503 would
  // have the admin send a stored change twice) and the version is bumped once the database answers.
  // Tried until it goes, while the app is open: a try in flight when the app closes schedules no other.
  let bumpLater: NodeJS.Timeout | undefined;
  let closed = false;
  const bumpWhenBack = () => {
    if (closed) return;
    bumpLater ??= setTimeout(() => {
      bumpLater = undefined;
      bumpPublicCacheVersion(app.db).catch(bumpWhenBack);
    }, BUMP_RETRY_MS).unref();
  };
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(bumpLater);
  });
  const bump = async (req: FastifyRequest) => {
    if (!req.admin) return;
    await bumpPublicCacheVersion(app.db).catch((err: unknown) => {
      if (!isDatabaseUnavailable(err)) throw err;
      req.log.warn({ err }, 'public cache version to bump once the database answers again');
      bumpWhenBack();
    });
  };

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.config?.admin && !methods.every((m) => m === 'GET' || m === 'HEAD')) {
      route.onSend = [...[route.onSend ?? []].flat(), async (req, _reply, payload) => (await bump(req), payload)];
    }
    if (!app.config.publicCache || !route.config?.publicCache || !methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    if (methods.includes('GET')) cache.routes.push(`GET ${route.url}`);
    const handler = route.handler as RouteHandlerMethod;
    // First of the route's own hooks: an answer already made is sent before the rate limiter counts
    // the request (a refusal would cost as much as the answer); a miss then goes through the limiter.
    route.onRequest = [lookup, ...[route.onRequest ?? []].flat()];
    route.handler = async function (this: FastifyInstance, req, reply) {
      let result: unknown;
      try {
        result = await handler.call(this, req, reply);
      } catch (err) {
        // "Nothing matches" (a search, an unknown product) is as public as a match, and more than
        // half of real typo searches get it: cached alike, under the same version (decision 043).
        const version = (req as CachingRequest)[kVersion];
        if (!(err instanceof AppError) || err.status !== 404 || err.fields || version === undefined || reply.sent) throw err;
        const entry = cache.store(cacheKey(req), version, {
          status: 404,
          type: 'application/json; charset=utf-8',
          body: JSON.stringify({ message: err.message, code: err.code }),
        });
        // Its headers, recorded for a visitor's GET, let the fast path send this route's 404 itself.
        cache.sentByApp(route.url, entry, req);
        return cache.send(req, reply, entry, true);
      }
      const version = (req as CachingRequest)[kVersion];
      if (reply.sent || result === reply || version === undefined || reply.statusCode !== 200 || reply.hasHeader('set-cookie')) {
        return result;
      }
      const total = reply.getHeader('x-total-count');
      const body = reply.serialize(result);
      const entry = cache.store(cacheKey(req), version, {
        status: 200,
        type: 'application/json; charset=utf-8',
        body: typeof body === 'string' || Buffer.isBuffer(body) ? body : Buffer.from(body),
        ...(total !== undefined ? { headers: { 'X-Total-Count': String(total) } } : {}),
      });
      // As for the 404: the model of the answers the fast path makes for this route (decision 079).
      const model = cache.sentByApp(route.url, entry, req);
      return cache.send(req, reply, entry, model);
    };
  });
}
