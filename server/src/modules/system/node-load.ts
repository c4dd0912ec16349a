import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** A look at the event loop lasts this long; a waiting caller learns at the next look that the node is quiet. */
const LOOK_MS = 200;
/** Busy: the event loop was at least this busy over a look (and requests were answered meanwhile). */
const BUSY_UTILIZATION = 0.5;
/** Nobody asked for this long: the looks stop until the next ask (an idle shop wakes for nothing). */
const STOP_AFTER_MS = 30_000;

/**
 * Whether this node is busy answering requests (decision 112), for background work that can wait
 * (the mail passes): while shoppers wait for answers, it gives them the turn. Busy means that over
 * the last look the event loop was at least half busy and the node answered requests meanwhile, so
 * the waiting work's own turns never count as load by themselves. The looks run only while someone
 * asks (every LOOK_MS, on a timer that keeps no process alive).
 */
export interface NodeLoad {
  /** The last look found the node busy (false before the first look after a quiet spell). */
  readonly busy: boolean;
  /** Resolves at the first look that finds the node not busy, after `atMostMs`, or at `stop()`. */
  quiet(atMostMs: number): Promise<void>;
  /** Ends the looks and lets every waiting caller go. */
  stop(): void;
}

/** `answered`: how many requests the node has answered so far (a counter that only grows). */
export function nodeLoad(answered: () => number, lookMs = LOOK_MS): NodeLoad {
  let timer: NodeJS.Timeout | null = null;
  let mark: EventLoopUtilization = performance.eventLoopUtilization();
  let count = 0;
  let busy = false;
  let askedAt = 0;
  let waiters = new Set<() => void>();

  const release = () => {
    const waiting = waiters;
    waiters = new Set();
    for (const go of waiting) go();
  };
  const end = () => {
    if (timer) clearInterval(timer);
    timer = null;
    busy = false;
    release();
  };
  const look = () => {
    const utilization = performance.eventLoopUtilization(mark).utilization;
    const requests = answered() - count;
    mark = performance.eventLoopUtilization();
    count = answered();
    busy = utilization >= BUSY_UTILIZATION && requests > 0;
    if (!busy) release();
    if (waiters.size === 0 && performance.now() - askedAt > STOP_AFTER_MS) end();
  };
  const watch = () => {
    askedAt = performance.now();
    if (timer) return;
    mark = performance.eventLoopUtilization();
    count = answered();
    timer = setInterval(look, lookMs);
    timer.unref();
  };

  return {
    get busy() {
      watch();
      return busy;
    },
    quiet(atMostMs) {
      watch();
      if (!busy || atMostMs <= 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const go = () => {
          clearTimeout(limit);
          waiters.delete(go);
          resolve();
        };
        const limit = setTimeout(go, atMostMs);
        waiters.add(go);
      });
    },
    stop: end,
  };
}

/** A node that never counts as busy (a mailer without a server around it: the outbox's tests). */
export const neverBusy: NodeLoad = { busy: false, quiet: () => Promise.resolve(), stop() {} };
