import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { LocalStorage } from '../src/storage/local-storage';
import { freshDb, type TestDb } from './helpers/databases';
import { searchWarm } from './helpers/test-app';

/**
 * What app.inject cannot send: bytes that are not HTTP, a body cut short or
 * stalled, a chunked body over the limit. The shop answers each with a JSON
 * 4xx on the socket, fails no request with a 5xx, and keeps serving.
 */
describe('raw HTTP on a listening shop', () => {
  let test: TestDb;
  let app: App;
  let dir: string;
  let port: number;
  /** errors that reached the error handler as 5xx: none may */
  const serverErrors: unknown[] = [];

  beforeAll(async () => {
    test = await freshDb('sqlite');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-raw-'));
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dir, 'no-web-build'), REQUEST_TIMEOUT_SECONDS: '1' });
    app = await buildApp({ config, db: test.db, storage: new LocalStorage(config.uploadsDir) });
    app.addHook('onError', async (_req, _reply, err) => {
      const status = (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) serverErrors.push(err);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
    await searchWarm(app);
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Writes the parts (pausing `pauseMs` after each) and answers all the server sent until it closed. */
  function exchange(parts: (string | Buffer)[], pauseMs = 0): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (d) => received.push(d));
      socket.on('error', () => {});
      socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
      socket.on('connect', async () => {
        for (const part of parts) {
          if (socket.destroyed) break;
          socket.write(part);
          if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
        }
      });
    });
  }
  const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
  const messageOf = (answer: string) => (JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { message: string }).message;
  const host = 'Host: shop.test\r\n';

  it('answers bytes that are not HTTP, a broken chunk and a NUL in a header with a JSON 400', async () => {
    for (const request of [
      `GET /api/health HTTP/1.1\r\n${host}X-Bad: a\u0000b\r\n\r\n`,
      `POST /api/notify HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZ\r\n{"a":1}\r\n0\r\n\r\n`,
      '\u0016\u0003\u0001\u0002\u0000garbage',
    ]) {
      const answer = await exchange([request]);
      expect(statusOf(answer), answer).toBe(400);
      expect(messageOf(answer)).toBe('The request is not valid HTTP');
    }
  });

  it('answers a 100 KB address with a JSON 431 and a broken %-escape with a JSON 400', async () => {
    const long = await exchange([`GET /api/products/search/${'a'.repeat(100_000)} HTTP/1.1\r\n${host}\r\n`]);
    expect(statusOf(long)).toBe(431);
    expect(messageOf(long)).toBe('The address or the headers are too large (16 KB at most)');
    const escape = await exchange([`GET /api/product/%E0%A4%A HTTP/1.1\r\n${host}Connection: close\r\n\r\n`]);
    expect(statusOf(escape)).toBe(400);
    expect(messageOf(escape)).toBe('The address is not valid: it has a broken %-escape');
  });

  it('answers an HTTP/1.1 request without a Host header with a JSON 400 that says so; HTTP/1.0 needs none', async () => {
    const answer = await exchange(['GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n']);
    expect(statusOf(answer), answer).toBe(400);
    expect(messageOf(answer)).toBe('Send a Host header: HTTP/1.1 requires one');
    const old = await exchange(['GET /api/health HTTP/1.0\r\n\r\n']);
    expect(/^HTTP\/1\.\d 200/.test(old), old).toBe(true);
  });

  it('answers a chunked body over 1 MB with a JSON 413 and keeps nothing of it', async () => {
    const head = `POST /api/notify HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
    const chunk = `10000\r\n${'x'.repeat(0x10000)}\r\n`;
    const answer = await exchange([head, `b\r\n{"email":"a\r\n`, ...Array.from({ length: 20 }, () => chunk), '0\r\n\r\n']);
    expect(statusOf(answer)).toBe(413);
    expect(messageOf(answer)).toBe('Request body is too large');
    expect(await test.db.selectFrom('notify_signups').select('id').execute()).toEqual([]);
  });

  it('answers a stalled body with a JSON 408 once the request timeout has passed', async () => {
    const started = Date.now();
    const answer = await exchange([`POST /api/cart HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"productId":`]);
    expect(statusOf(answer)).toBe(408);
    expect(messageOf(answer)).toBe('The request took too long to arrive');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('failed no request with a 5xx and still answers', async () => {
    expect(serverErrors).toEqual([]);
    const answer = await exchange([`GET /api/health HTTP/1.1\r\n${host}Connection: close\r\n\r\n`]);
    expect(statusOf(answer)).toBe(200);
  });
});
