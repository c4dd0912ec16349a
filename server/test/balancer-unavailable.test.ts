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
