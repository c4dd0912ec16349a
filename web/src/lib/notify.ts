type ToastKind = 'success' | 'error' | 'info';

/**
 * Shows a toast. The toast library loads on demand (the home page's first
 * load never needs it); toasts raised before the container has mounted are
 * queued by react-toastify and shown once it has. The message doubles as the
 * toast id, so the same message is never stacked twice.
 */
export function notify(kind: ToastKind, message: string): void {
  void import('react-toastify').then(({ toast }) => {
    toast[kind](message, { toastId: message });
  });
}
