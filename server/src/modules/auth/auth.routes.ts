import type { FastifyInstance } from 'fastify';
import { CLIENT_IP_HEADER } from './auth';

/**
 * Mounts better-auth at /api/auth/*. Bodies reach it as the raw text the client
 * sent (it parses them itself), and the client's address as Fastify resolved it
 * from the connection and TRUST_PROXY; a client cannot set that header itself.
 */
export async function authRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(req, reply) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || name === CLIENT_IP_HEADER) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      headers.set(CLIENT_IP_HEADER, req.ip);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(new URL(req.url, app.config.publicUrl), {
        method: req.method,
        headers,
        body: hasBody ? (typeof req.body === 'string' ? req.body : req.body ? JSON.stringify(req.body) : undefined) : undefined,
      });
      const res = await app.auth.handler(request);
      reply.code(res.status);
      res.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const body = Buffer.from(await res.arrayBuffer());
      return reply.send(body.length > 0 ? body : null);
    },
  });
}
