import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';

/** The request being handled (its reply), across every await of its handler. */
const current = new AsyncLocalStorage<FastifyReply>();
/** Marks the loggers Fastify makes per request (req.log): they carry the id in their bindings already. */
const kRequestLogger = Symbol('requestLogger');

/**
 * Pino's mixin: a line logged while a request is handled, through any logger (services log through
 * app.log or orderDeps.log, not req.log), carries that request's id as `reqId`, as req.log's do.
 * Not once its answer has been sent: whatever a request started keeps its context for ever (a pooled
 * connection it opened, a timer), and a line from there later is not that request's doing.
 * A fresh object each time: pino merges the line's own fields into it.
 */
export function requestIdMixin(_fields: object, _level: number, logger: object): { reqId?: string } {
  if ((logger as { [kRequestLogger]?: true })[kRequestLogger]) return {};
  const reply = current.getStore();
  return reply === undefined || reply.raw.writableEnded ? {} : { reqId: reply.request.id };
}

/** Fastify's childLoggerFactory: req.log as Fastify makes it, marked so that the mixin adds no second reqId. */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (logger, bindings, options) {
  const child = logger.child(bindings, options);
  (child as unknown as { [kRequestLogger]: true })[kRequestLogger] = true;
  return child;
};

/** The reply of the request being handled here, if any and not yet sent (as for the log lines above). */
export function replyBeingMade(): FastifyReply | undefined {
  const reply = current.getStore();
  return reply === undefined || reply.raw.writableEnded ? undefined : reply;
}

/**
 * Enters the request's id for the rest of its handling: from the pre-handler on (after its body is
 * read: the stream's events would leave the context behind), so the guards, the handler, the error
 * handler and the hooks after it run inside. One AsyncLocalStorage.run per request, nothing else.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('preHandler', (_req, reply, done) => current.run(reply, done));
}
