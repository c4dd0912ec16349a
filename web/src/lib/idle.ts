/**
 * Runs `fn` once the browser is idle (at the latest after 3 s), or after `fallbackMs` where it
 * cannot say (Safari has no requestIdleCallback). Returns what cancels it.
 */
export function whenIdle(fn: () => void, fallbackMs: number): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const handle = window.setTimeout(fn, fallbackMs);
    return () => window.clearTimeout(handle);
  }
  const handle = window.requestIdleCallback(fn, { timeout: 3000 });
  return () => window.cancelIdleCallback(handle);
}
