import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { cacheKeyOf, pickEncoding, type Entry, type PlainAnswer, type PublicCache } from './public-cache';
import { requestIdOf } from './request-id';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Sends cached public API answers (catalogue, product, categories, adverts, search) straight from
 * the HTTP server's request event, before Fastify builds its request and reply, runs its hooks and
 * routes: for these answers that was most of the shop's work (a cached categories read ran at 0.5x
 * to 0.6x of a bare Fastify server sending the same bytes; decision 033).
 *
 * Only what the app would answer identically is sent here: a GET by a visitor (no Authorization),
 * without Origin (CORS headers depend on it) or If-None-Match (a 304), with a Host, of an answer
 * that is current (the same version check as the app's) and that the app has already sent once in
 * this encoding: its headers are the ones the app sent then (security headers, Vary, ETag,
 * Cache-Control, X-Total-Count), with a request id of this request's own. Anything else, and
 * every miss, goes to Fastify as before. Off when access logs are on (debug), which Fastify writes.
 */
export function answerCachedFirst(app: FastifyInstance, cache: PublicCache): void {
  if (app.config.logLevel === 'debug' || app.config.logLevel === 'trace') return;
  const listeners = app.server.listeners('request') as RequestListener[];
  if (listeners.length !== 1) return;
  const fastify = listeners[0]!;
  app.server.removeAllListeners('request');
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const h = req.headers;
    if (req.method !== 'GET' || h.authorization || h.origin || h['if-none-match'] || !h.host) return fastify(req, res);
    const key = cacheKeyOf('GET', req.url);
    const answer = (f: { entry: Entry | null; version: number }) => {
      if (sendCached(req, res, cache, f.entry)) return;
      const sent = sendMade(req, res, cache, key, f.version);
      if (sent === false) fastify(req, res);
      else if (sent !== true)
        sent.then(
          (done) => done || fastify(req, res),
          () => fastify(req, res),
        );
    };
    const found = cache.lookup(key);
    if (found instanceof Promise) found.then(answer, () => fastify(req, res));
    else answer(found);
  });
}

/** Longest parameter (as sent, escapes included) a never-asked answer is made here: longer ones go through the rate limiter. */
const MAX_FAST_PARAM = 256;

/**
 * The text of the last parameter of a URL, from `from`, when it is plain: letters, digits, `-._~`
 * and escaped spaces only (what a search box sends for words). Anything else (other escapes, a
 * slash, a query string) is null and left to Fastify, whose router and validation decide it.
 */
function plainParam(url: string, from: number): string | null {
  if (url.length <= from || url.length - from > MAX_FAST_PARAM) return null;
  let text = '';
  let start = from;
  for (let i = from; i < url.length; i++) {
    const c = url.charCodeAt(i);
    const plain = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 95 || c === 126;
    if (plain) continue;
    if (c !== 37 || url.charCodeAt(i + 1) !== 50 || url.charCodeAt(i + 2) !== 48) return null;
    text += `${url.slice(start, i)} `;
    start = i + 3;
    i += 2;
  }
  return text + url.slice(start);
}

/**
 * A cache miss of a route that makes its answers to a plain parameter from memory (decisions 071,
 * 079): a never-asked search. Made and sent here, as the app would: the body by the route's own
 * service and serialiser, the headers those the app sent with that route's last answer of the same
 * kind to a visitor in this encoding (with the body's own ETag), stored like the app's own (asked
 * again, the cache answers it). False, or a promise of false, when the app must answer: the route
 * cannot tell from memory (the search index not loaded, or not brought up to the database's latest
 * change), or the app has not sent an answer of that kind in this encoding since the start.
 */
function sendMade(req: IncomingMessage, res: ServerResponse, cache: PublicCache, key: string, version: number): boolean | Promise<boolean> {
  if (cache.plainAnswers.size === 0 || !Number.isFinite(version)) return false;
  const url = req.url!;
  for (const [prefix, plain] of cache.plainAnswers) {
    if (!url.startsWith(prefix)) continue;
    const param = plainParam(url, prefix.length);
    const accept = req.headers['accept-encoding'];
    const encoding = pickEncoding(accept);
    // Another encoding than brotli or gzip: the app's compression plugin may answer in it.
    if (param === null || (encoding === 'identity' && accept)) return false;
    const send = (made: PlainAnswer) => {
      if (made === null) return false;
      // A body made before (many texts find the same products) comes with its ETag and compressions.
      const body = made.status === 200 ? cache.madeBody(made.body) : null;
      const like = cache.sentLike(plain.route, made.status, body?.identity.length ?? 0, encoding);
      if (!like?.replay[encoding]) return false;
      const entry = cache.store(key, version, {
        status: made.status,
        type: like.type,
        body: body?.identity ?? like.identity,
        etag: body?.etag ?? like.etag,
        encoded: body?.encoded,
        cacheControl: like.cacheControl,
      });
      if (!cache.replayLike(entry, like, encoding)) return false;
      if (body) cache.keepMadeEncoding(body, entry, encoding);
      return sendCached(req, res, cache, entry);
    };
    let made: ReturnType<typeof plain.answer>;
    try {
      made = plain.answer(param);
    } catch {
      return false;
    }
    return made instanceof Promise ? made.then(send) : send(made);
  }
  return false;
}

function sendCached(req: IncomingMessage, res: ServerResponse, cache: PublicCache, entry: Entry | null): boolean {
  if (!entry) return false;
  const accept = req.headers['accept-encoding'];
  const encoding = pickEncoding(accept);
  // A request that accepts neither brotli nor gzip but some other encoding: the app's compression
  // plugin may answer it in that one.
  if (encoding === 'identity' && accept) return false;
  const answer = cache.replay(entry, encoding);
  if (!answer) return false;
  try {
    res.writeHead(answer.status, [...listOf(answer.headers), 'x-request-id', requestIdOf(req.headers['x-request-id']), 'content-length', answer.body.length]);
  } catch {
    // A header Node refuses (it refused it on the app's path too): the app answers, with its error handling.
    return false;
  }
  res.end(answer.body);
  cache.sentFast++;
  return true;
}

/** Replayed headers as the flat name, value list writeHead takes, made once per headers object (decision 090). */
const lists = new WeakMap<Record<string, string>, string[]>();

function listOf(headers: Record<string, string>): string[] {
  let list = lists.get(headers);
  if (!list) lists.set(headers, (list = Object.entries(headers).flat()));
  return list;
}
