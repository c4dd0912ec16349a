/**
 * The yardstick of the API benchmark: a bare Fastify server that answers each
 * benchmarked URL with the exact bytes (status, content type, body) the real
 * shop returned, from memory. Run as a child process so that it gets its own
 * event loop, like the real server.
 *
 *   tsx bench/api/bare-server.ts <responses.json> <port>
 */
import fs from 'node:fs';
import Fastify from 'fastify';

export interface RecordedResponse {
  path: string;
  status: number;
  contentType: string;
  /** base64 */
  body: string;
}

const [file, port] = process.argv.slice(2);
const routes = JSON.parse(fs.readFileSync(file!, 'utf8')) as RecordedResponse[];
const app = Fastify({ logger: false });
for (const r of routes) {
  const body = Buffer.from(r.body, 'base64');
  app.get(r.path, (_req, reply) => {
    reply.code(r.status).header('content-type', r.contentType).send(body);
  });
}
app.get('/ready', (_req, reply) => {
  reply.send('ok');
});
app.listen({ port: Number(port), host: '127.0.0.1' }).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
