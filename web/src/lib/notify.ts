type ToastKind = 'success' | 'error' | 'info';

let wanted = false;
const listeners = new Set<() => void>();

/**
 * Whether a toast has been raised on this page yet: the toasts' container is mounted only then
 * (web/src/app/providers.tsx). Loading it at start injected react-toastify's stylesheet into the
 * document, and the browser then worked out the style of the whole page again, one of the longest
 * tasks after the first paint (decision 061).
 */
export const toastsWanted = (): boolean => wanted;

/** Calls `listener` when the first toast is raised; returns what unsubscribes (useSyncExternalStore). */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows a toast. The toast library loads on demand (no page's first load needs it); toasts raised
 * before the container has mounted are queued by react-toastify and shown once it has. The message
 * doubles as the toast id, so the same message is never stacked twice.
 */
export function notify(kind: ToastKind, message: string): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('react-toastify').then(({ toast }) => {
    toast[kind](message, { toastId: message });
  });
}
