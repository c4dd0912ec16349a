/** After a successful login the shop moves on after this delay, and says so (DESIGN.md §6 item 6). */
export const LOGIN_REDIRECT_MS = 2000;
/** A visitor sent to the login page reads the reason this long before the page changes (SPEC.md §6). */
export const LOGIN_REQUIRED_REDIRECT_MS = 2000;

/** Location state a page passes to /login so the shopper comes back to it. */
export type LoginState = { from: string };

/** A path inside the shop to return to: same origin only, never the login page itself. */
export function safeReturnPath(path: unknown): string | null {
  if (typeof path !== 'string') return null;
  // "//host" and "/\host" would leave the shop.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (/^\/login(?:[/?#]|$)/i.test(path)) return null;
  return path;
}

function pathOfState(state: unknown): unknown {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const from = (state as { from: unknown }).from;
  if (typeof from === 'object' && from !== null && 'pathname' in from) {
    const loc = from as { pathname: unknown; search?: unknown; hash?: unknown };
    if (typeof loc.pathname !== 'string') return undefined;
    return `${loc.pathname}${typeof loc.search === 'string' ? loc.search : ''}${typeof loc.hash === 'string' ? loc.hash : ''}`;
  }
  return from;
}

/** Where a login sends the shopper: location state `from`, else `?redirect=`, else the home page. */
export function loginRedirectTarget(state: unknown, redirectParam: string | null): string {
  return safeReturnPath(pathOfState(state)) ?? safeReturnPath(redirectParam) ?? '/';
}
