import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};

/**
 * Keeps the fields and buttons inside inert until the app has taken over this part of the page. A
 * part whose code loads later (a lazy component in a page the server drew) stays the server's
 * drawing for a moment after the rest of the page works: a click on its Submit then sent the form
 * natively, a reload that dropped what was typed and showed no message. In a disabled fieldset its
 * controls wait instead, as the whole drawing does until the app starts (web/src/app/main.tsx).
 * Drawn and hydrated, it is disabled (the server's answer); the app's next render enables it. Drawn
 * by the app alone (a page reached in the app), it is enabled at once.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
