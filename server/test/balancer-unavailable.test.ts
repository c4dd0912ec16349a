import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/ports';
import { haproxyInstalled, startBalancer, waitFor, type Balancer } from './helpers/shop-nodes';

/**
 * When no node is ready (the database unreachable from every node, all of them restarting), the
 * shipped haproxy configuration answers for them as a node would: 503 with the shop's JSON message
 * and Retry-After, not haproxy's own HTML page (decision 102).
 */
describe.runIf(haproxyInstalled)('the balancer with no node ready', () => {
  let balancer: Balancer;
  beforeAll(async () => {
    // Nothing listens on this node's port: its checks fail and every request finds no server.
    balancer = await startBalancer([await freePort()]);
  });
  afterAll(async () => {
    await balancer?.close();
  });

  it("answers 503 with the shop's message and Retry-After", async () => {
    let res = await fetch(`${balancer.url}/api/products`).catch(() => null);
    for (let i = 0; i < 50 && !res; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await fetch(`${balancer.url}/api/products`).catch(() => null);
    }
    expect(res?.status).toBe(503);
    expect(res!.headers.get('retry-after')).toBe('5');
    expect(res!.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res!.json()).toEqual({ message: messages.brieflyUnavailable, code: 'unavailable' });
  });
});

/**
 * haproxy binds with SO_REUSEPORT unless told not to: a second one started on a port that another
 * still holds (a run's balancer left behind, with an older configuration) shares it, and the kernel
 * hands each connection to either. The bench of faults saw haproxy's HTML 503s that way beside its
 * own JSON ones (decision 104). A test's balancer refuses to start on a taken port instead.
 */
describe.runIf(haproxyInstalled)('a balancer whose port another haproxy holds', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-other-'));
  let other: ReturnType<typeof spawn>;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    const cfg = path.join(dir, 'haproxy.cfg');
    // haproxy's defaults (SO_REUSEPORT) and its own HTML pages, with no server up.
    fs.writeFileSync(
      cfg,
      `defaults\n\tmode http\n\ttimeout connect 1s\n\ttimeout client 5s\n\ttimeout server 5s\nfrontend other\n\tbind 127.0.0.1:${port}\n\tdefault_backend none\nbackend none\n`,
    );
    other = spawn('haproxy', ['-f', cfg, '-db'], { stdio: 'ignore' });
    await waitFor(`http://127.0.0.1:${port}/`, (status) => status === 503);
  });
  afterAll(async () => {
    if (other?.exitCode === null) {
      other.kill('SIGKILL');
      await new Promise((r) => other.once('exit', r));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('does not start, rather than share the port', async () => {
    const started = await startBalancer([await freePort()], port).catch((err: Error) => err);
    if (!(started instanceof Error)) await started.close();
    expect(started).toBeInstanceOf(Error);
    expect((started as Error).message).toMatch(/cannot bind socket/);
  });
});

/**
 * A node that ends inside a request haproxy may not replay on another node (a POST: an order, a
 * payment) leaves haproxy to answer 502 itself; that answer speaks the shop's JSON with Retry-After
 * too, so that the web app shows the shop's message, not "Request failed with status 502".
 */
describe.runIf(haproxyInstalled)('the balancer when a node ends inside a POST', () => {
  let balancer: Balancer;
  let node: http.Server;
  beforeAll(async () => {
    // Ready to its checks; every other request meets a process that ends before answering.
    node = http.createServer((req, res) => {
      if (req.url === '/api/health/ready') res.end('{"status":"ok"}');
      else req.socket.destroy();
    });
    const port = await freePort();
    await new Promise<void>((resolve) => node.listen(port, '127.0.0.1', resolve));
    balancer = await startBalancer([port]);
    await balancer.allUp();
  });
  afterAll(async () => {
    await balancer?.close();
    await new Promise((r) => node?.close(r));
  });

  it("answers 502 with the shop's message and Retry-After", async () => {
    const res = await fetch(`${balancer.url}/api/createBulkOrder`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(502);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: messages.brieflyUnavailable, code: 'unavailable' });
  });
});

/**
 * The same, on a client connection that already carried a request (a browser's kept-alive one): a
 * POST that met a node ending inside it is still never sent to another node. What the client gets
 * depends on haproxy's version (decision 116): Debian 12's 2.6.12 takes a node's close without an
 * answer for a stale kept-alive connection and closes the client's connection without answer or log
 * line (over HTTP/2 it resets the stream), inviting the client to send again; haproxy's releases since
 * mid-2024 (2.4.27, 2.8.10, 3.0) answer the 502 above. So the shop's money calls must bear being sent twice, not haproxy.
 */
describe.runIf(haproxyInstalled)('the balancer when a node ends inside a POST on a kept-alive connection', () => {
  let balancer: Balancer;
  const nodes: http.Server[] = [];
  let posts = 0;
  beforeAll(async () => {
    // Two nodes, each ready and answering GETs, each ending inside every POST it receives.
    const ports: number[] = [];
    for (let i = 0; i < 2; i++) {
      const node = http.createServer((req, res) => {
        if (req.method !== 'POST') return void res.end('{"status":"ok"}');
        posts++;
        req.socket.destroy();
      });
      const port = await freePort();
      await new Promise<void>((resolve) => node.listen(port, '127.0.0.1', resolve));
      nodes.push(node);
      ports.push(port);
    }
    balancer = await startBalancer(ports);
    await balancer.allUp();
  });
  afterAll(async () => {
    await balancer?.close();
    for (const node of nodes) await new Promise((r) => node.close(r));
  });

  /** Sends on `agent`'s one socket; answers the status and body, or the error that ended the request, and whether the socket was reused. */
  const send = (agent: http.Agent, method: string) =>
    new Promise<{ status: number; body: string; reused: boolean } | { error: string; reused: boolean }>((resolve) => {
      const req = http.request(`${balancer.url}/api/createBulkOrder`, { method, agent, headers: { 'content-type': 'application/json' } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, reused: req.reusedSocket }));
      });
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message, reused: req.reusedSocket }));
      req.end(method === 'POST' ? '{}' : undefined);
    });

  it('never sends the POST to a second node: the client gets the JSON 502 or its connection closed', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, 'GET');
      expect(first).toMatchObject({ status: 200 });
      const post = await send(agent, 'POST');
      expect(post.reused).toBe(true);
      // Give a replay, were there one, the time to reach the other node.
      await new Promise((r) => setTimeout(r, 300));
      expect(posts).toBe(1);
      if ('error' in post) expect(post.error).toMatch(/ECONNRESET|socket hang up/);
      else {
        expect(post.status).toBe(502);
        expect(JSON.parse(post.body)).toEqual({ message: messages.brieflyUnavailable, code: 'unavailable' });
      }
    } finally {
      agent.destroy();
    }
  });
});
