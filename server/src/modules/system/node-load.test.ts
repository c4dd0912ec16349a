import { describe, expect, it } from 'vitest';
import { nodeLoad } from './node-load';

const after = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Keeps the event loop about 90 % busy (35 ms of work every 40 ms or so), as a burst of requests does,
 * counting a request answered each time when `requests` is set, until the answer is called.
 */
function burst(requests: { answered: number } | null) {
  const timer = setInterval(() => {
    if (requests) requests.answered++;
    for (const end = Date.now() + 35; Date.now() < end;);
  }, 5);
  return () => clearInterval(timer);
}

describe('the node load background work gives way to (decision 112)', () => {
  it('is busy while the event loop is busy and requests are answered, and lets the waiters go when it is quiet', async () => {
    const requests = { answered: 0 };
    const load = nodeLoad(() => requests.answered, 40);
    const end = burst(requests);
    try {
      expect(load.busy).toBe(false); // the first ask starts the looks
      await after(200);
      expect(load.busy).toBe(true);
    } finally {
      end();
    }
    // The requests stop: a waiter goes at the next look, and the node is no longer busy.
    try {
      const waited = load.quiet(60_000).then(() => 'quiet');
      expect(await Promise.race([waited, after(30_000).then(() => 'still waiting')])).toBe('quiet');
      expect(load.busy).toBe(false);
    } finally {
      load.stop();
    }
  });

  it('does not count a busy loop without requests (the waiting work itself) as busy', async () => {
    const load = nodeLoad(() => 0, 40);
    const end = burst(null);
    try {
      expect(load.busy).toBe(false);
      await after(200);
      expect(load.busy).toBe(false);
    } finally {
      end();
      load.stop();
    }
  });

  it('lets a waiter go after its limit while the node stays busy, and at once when stopped', async () => {
    const requests = { answered: 0 };
    const load = nodeLoad(() => requests.answered, 40);
    const end = burst(requests);
    try {
      expect(load.busy).toBe(false);
      await after(200);
      expect(load.busy).toBe(true);
      await load.quiet(100);
      expect(load.busy).toBe(true); // it went at its limit, not because the node was quiet
      const stopped = load.quiet(60_000).then(() => 'went');
      load.stop();
      expect(await stopped).toBe('went');
    } finally {
      end();
      load.stop();
    }
  });
});
