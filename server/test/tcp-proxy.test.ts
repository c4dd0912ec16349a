import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy';

/** Sends a line through the proxy; resolves with the echo, or with the socket's error code or 'timeout'. */
function ask(port: number, text: string, ms = 500): Promise<string> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    const t = setTimeout(() => (s.destroy(), resolve('timeout')), ms);
    s.on('data', (d) => (clearTimeout(t), s.end(), resolve(d.toString())));
    s.on('error', (e: NodeJS.ErrnoException) => (clearTimeout(t), resolve(e.code ?? 'error')));
    s.write(text);
  });
}

describe("the tests' TCP proxy (stands in for a dependency outage)", () => {
  let echo: net.Server;
  let proxy: TcpProxy;
  beforeAll(async () => {
    echo = net.createServer((s) => s.on('data', (d) => s.write(d)));
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', () => r()));
    proxy = await startTcpProxy({ host: '127.0.0.1', port: (echo.address() as net.AddressInfo).port });
  });
  afterAll(async () => {
    await proxy.close();
    echo.close();
  });

  it('forwards, refuses while cut, hangs while black-holed, and forwards again on the same port', async () => {
    expect(await ask(proxy.port, 'one')).toBe('one');
    await proxy.cut('refuse');
    expect(await ask(proxy.port, 'two')).toBe('ECONNREFUSED');
    await proxy.restore();
    expect(await ask(proxy.port, 'three')).toBe('three');
    await proxy.cut('blackhole');
    expect(await ask(proxy.port, 'four', 300)).toBe('timeout');
    await proxy.restore();
    expect(await ask(proxy.port, 'five')).toBe('five');
    expect(proxy.connections).toBe(3);
  });
});
