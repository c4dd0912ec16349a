import net from 'node:net';

export interface TcpProxy {
  /** the loopback port clients connect to (stays the same across cuts) */
  readonly port: number;
  /**
   * Breaks the link as a dependency outage would: every open connection is destroyed, and until
   * `restore()` new ones are refused (`'refuse'`: nothing listens, as a stopped server) or accepted
   * and left unanswered (`'blackhole'`: as a hung server or a dropped route).
   */
  cut(mode?: 'refuse' | 'blackhole'): Promise<void>;
  /** Listens and forwards again on the same port (and without delay). */
  restore(): Promise<void>;
  /**
   * Delays every byte by `ms` each way from now on, on open connections too (a slow database or a
   * congested route); 0 forwards at once again.
   */
  slow(ms: number): void;
  /** connections opened through the proxy since it started */
  readonly connections: number;
  close(): Promise<void>;
}

/**
 * A TCP proxy of the test's own between the shop and a dependency (PostgreSQL, Redis, S3, SMTP), so
 * that a test can cut the dependency under traffic without stopping the machine's shared server.
 */
export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let blackhole = false;
  let delayMs = 0;
  let opened = 0;
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  /** Writes what `from` sends to `to`, each chunk `delayMs` later than it came, in order. */
  const forward = (from: net.Socket, to: net.Socket) => {
    const queue: { chunk: Buffer; due: number }[] = [];
    let timer: NodeJS.Timeout | null = null;
    let ended = false;
    const flush = () => {
      timer = null;
      while (queue.length && queue[0]!.due <= Date.now()) if (!to.destroyed) to.write(queue.shift()!.chunk);
      if (queue.length) timer = setTimeout(flush, queue[0]!.due - Date.now());
      else if (ended) to.end();
    };
    from.on('data', (chunk: Buffer) => {
      if (delayMs <= 0 && !queue.length) {
        if (!to.destroyed) to.write(chunk);
        return;
      }
      queue.push({ chunk, due: Date.now() + delayMs });
      timer ??= setTimeout(flush, delayMs);
    });
    from.on('end', () => {
      if (queue.length) ended = true;
      else to.end();
    });
    from.on('close', () => {
      if (timer) clearTimeout(timer);
    });
  };
  const onConnection = (client: net.Socket) => {
    track(client);
    if (blackhole) return; // accepted, never answered
    opened++;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    forward(client, upstream);
    forward(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  let server = net.createServer(onConnection);
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const boundPort = await listen(port);
  const dropAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };

  return {
    port: boundPort,
    get connections() {
      return opened;
    },
    async cut(mode = 'refuse') {
      if (mode === 'refuse') {
        const closed = stopListening();
        dropAll();
        await closed;
      } else {
        blackhole = true;
        dropAll();
      }
    },
    slow(ms) {
      delayMs = ms;
    },
    async restore() {
      blackhole = false;
      delayMs = 0;
      if (!server.listening) {
        server = net.createServer(onConnection);
        await listen(boundPort);
      }
    },
    async close() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}
