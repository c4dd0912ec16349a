import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { cacheKeyOf, pickEncoding, type Entry, type PublicCache } from './public-cache';
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
    const found = cache.lookup(cacheKeyOf('GET', req.url));
    if (!(found instanceof Promise)) {
      if (!sendCached(req, res, cache, found.entry)) fastify(req, res);
      return;
    }
    found.then(
      (f) => void (sendCached(req, res, cache, f.entry) || fastify(req, res)),
      () => fastify(req, res),
    );
  });
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
    res.writeHead(answer.status, { ...answer.headers, 'x-request-id': requestIdOf(req.headers['x-request-id']), 'content-length': answer.body.length });
  } catch {
    // A header Node refuses (it refused it on the app's path too): the app answers, with its error handling.
    return false;
  }
  res.end(answer.body);
  cache.sentFast++;
  return true;
}
