import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@shared/messages';
import { AppError } from '../errors';
import { isForeignKeyViolation, isUniqueViolation } from '../db/dialect';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../db/pg-pool';
import { StorageUnavailableError } from '../storage/storage';

/** Seconds a client is asked to wait (Retry-After) when a dependency is briefly away. */
const RETRY_AFTER_SECONDS = 5;

/** Fastify's own 4xx messages where they say too little, or echo the request's whole path back. */
const CLEARER: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type: send JSON (application/json), or multipart/form-data for uploads',
  FST_ERR_BAD_URL: 'The address is not valid: it has a broken %-escape',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
};

/**
 * Fastify's `frameworkErrors`: a path the router cannot read (a broken %-escape, a
 * parameter over maxParamLength) never reaches a route or the error handler; it
 * gets the same JSON shape here.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return reply.code(status).send({ message: CLEARER[err.code] ?? 'Invalid request', code: err.code });
}

/**
 * Fastify's `clientErrorHandler`: bytes Node cannot read as HTTP (a bad header, a
 * broken chunk, headers over 16 KB) get a JSON answer on the socket, which then closes.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The address or the headers are too large (16 KB at most)']
        : [400, 'The request is not valid HTTP'];
  this.log.debug({ err }, 'client error');
  const body = JSON.stringify({ message, code: err.code ?? 'bad_http' });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * The one place that turns failures into JSON `{message, code, fields?}`.
 * 4xx explain what to fix; 5xx say nothing about internals and are logged
 * with the request id.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({ message: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const name: string = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'request');
        fields[name] ??= issue.message ?? 'is invalid';
      }
      const [first] = Object.entries(fields);
      // Our own messages name the field already ("Title is required"); zod's generic ones do not.
      const generic = (m: string) => /^(Invalid|Too (big|small)|Unrecognized|Expected)/.test(m);
      const message = first ? (generic(first[1]) ? `Invalid ${first[0]}: ${first[1]}` : first[1]) : 'Invalid request';
      return reply.code(400).send({ message, code: 'validation', fields });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: CLEARER[err.code] ?? err.message, code: err.code ?? 'bad_request' });
    }
    // A check that passed just before another request changed the same rows (a product added to a
    // category being deleted, a cart filled with a product being deleted): the constraint held, so
    // nothing was written; the client can reload and try again. Routes that expect a race say more.
    if (isForeignKeyViolation(err) || isUniqueViolation(err)) {
      req.log.warn({ err }, 'request refused by a database constraint');
      return reply.code(409).send({ message: messages.changedMeanwhile, code: 'changed_meanwhile' });
    }
    // A dependency that is away for a moment: the client may try again soon (decision 034).
    if (err instanceof StorageUnavailableError) {
      req.log.warn({ err: err.cause ?? err }, 'file storage unreachable');
      return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ message: messages.storageUnavailable, code: 'storage_unavailable' });
    }
    if (isDatabaseUnavailable(err)) {
      // The pool logs the outage once; each request refused during it only at debug level.
      if (err instanceof DatabaseUnavailableError) req.log.debug({ err }, 'database unreachable');
      else req.log.warn({ err }, 'database unreachable');
      return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ message: messages.brieflyUnavailable, code: 'unavailable' });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ message: messages.internalError, code: 'internal' });
  });
}
