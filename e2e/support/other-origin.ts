import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The port of a web app on another origin that the e2e shop lists in CORS_ORIGINS
 * (playwright.config.ts): the shop's port + 1000, so two suites on one machine keep apart.
 */
export const OTHER_ORIGIN_PORT = Number(process.env.E2E_PORT ?? 3107) + 1000;

/** Serves one HTML page at every path on 127.0.0.1:`port` (0: any free port); resolves with its origin and a close. */
export async function servePage(html: string, port: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
