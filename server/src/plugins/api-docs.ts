import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-types';

const PREFIX = '/api/docs';
/** Headers of the documentation's own answer that the shop's reply sets itself. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * The OpenAPI document and Swagger UI at /api/docs, made on the first request there (decision 062):
 * @fastify/swagger, Swagger UI and the `yaml` package both load, and the document's work, stay out
 * of the start and the idle shop's memory, which few shops ever need. The routes' options are noted
 * as they are registered (the same list @fastify/swagger keeps); the first request to /api/docs
 * builds an instance of its own with both plugins and these routes (schemas only, nothing runs),
 * and every request there is answered by it.
 */
export function registerApiDocs(app: App) {
  const { config } = app;
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    // HEAD routes are Fastify's copies of the GET ones, left out of the document as @fastify/swagger does.
    if (route.method !== 'HEAD' && !route.url.startsWith(PREFIX)) routes.push(route as RouteOptions);
  });

  async function build(): Promise<FastifyInstance> {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
    const docs = Fastify({ exposeHeadRoutes: false });
    // The schemas are zod's: nothing here validates or serializes, the document is made from them.
    docs.setValidatorCompiler(() => () => true);
    docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
    await docs.register(swagger, {
      openapi: { info: { title: `${config.public.shopName} API`, version: '1' }, servers: [{ url: config.publicUrl }] },
      transform: jsonSchemaTransform,
    });
    await docs.register(swaggerUi, { routePrefix: PREFIX, staticCSP: true });
    const noop = () => undefined;
    for (const { method, url, schema, config: routeConfig, constraints } of routes) {
      docs.route({
        method,
        url,
        handler: noop,
        ...(schema ? { schema } : {}),
        ...(routeConfig ? { config: routeConfig } : {}),
        ...(constraints ? { constraints } : {}),
      });
    }
    await docs.ready();
    return docs;
  }

  let docs: Promise<FastifyInstance> | null = null;
  async function answer(req: FastifyRequest, reply: FastifyReply) {
    docs ??= build().catch((err: unknown) => {
      docs = null;
      throw err;
    });
    const res = await (await docs).inject({ method: 'GET', url: req.url, headers: req.headers });
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    return reply.code(res.statusCode).send(res.rawPayload);
  }

  app.get(PREFIX, { schema: { hide: true } }, answer);
  app.get(`${PREFIX}/*`, { schema: { hide: true } }, answer);
}
