/**
 * The yardstick of the API benchmark: a bare Fastify server that answers each
 * benchmarked URL with the exact bytes (status, headers, body) the real shop
 * sent for it, from memory. Run as a child process so that
 * it gets its own event loop, like the real server.
 *
 *   tsx bench/api/bare-server.ts <responses.json> <port>
 */
import fs from 'node:fs';
import Fastify from 'fastify';

export interface RecordedResponse {
  path: string;
  status: number;
  /** every header the shop sent but those Node sets itself (date, content-length, connection) */
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

const [file, port] = process.argv.slice(2);
const routes = new Map((JSON.parse(fs.readFileSync(file!, 'utf8')) as RecordedResponse[]).map((r) => [r.path, { ...r, bytes: Buffer.from(r.body, 'base64') }]));
const SEARCH = '/api/products/search/';
const searches = [...routes.values()].filter((r) => r.path.startsWith(SEARCH) && /%20\d+$/.test(r.path));
const app = Fastify({ logger: false, routerOptions: { maxParamLength: 2100 } });
app.get('/ready', (_req, reply) => {
  reply.send('ok');
});
app.get('/*', (req, reply) => {
  // A search not recorded (bench:api's never-asked typos): one of the recorded searches, chosen by its text.
  const r = routes.get(req.url) ?? (req.url.startsWith(SEARCH) && searches.length ? searches[req.url.length % searches.length] : undefined);
  if (!r) return reply.code(404).send();
  return reply.code(r.status).headers(r.headers).send(r.bytes);
});
app.listen({ port: Number(port), host: '127.0.0.1' }).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
