import { startTransition, StrictMode } from 'react';
import { queryClient } from '@/lib/query-client';
import { prefetchFirstPage, seedFirstPage } from './prefetch';
import { AppProviders } from './providers';
import { AppRouter, preloadPage } from './router';
import './styles.css';

/** The answer the server drew the page with (home data, a product, search results), if it sent one. */
function firstPageData(): unknown {
  const text = document.getElementById('first-page-data')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Lets the browser paint and answer input before the next step of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

function app(onReady?: () => void) {
  return (
    <StrictMode>
      <AppProviders onReady={onReady}>
        <AppRouter />
      </AppProviders>
    </StrictMode>
  );
}

/**
 * The app's start, one step per task: each step is a few milliseconds on a phone, where the whole
 * start in one task was a long one (the page's answer into the cache, the page's code, React's own
 * start, then the page).
 */
async function start() {
  const seeded = seedFirstPage(queryClient, window.location, firstPageData());
  if (!seeded) prefetchFirstPage(queryClient, window.location);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  /** The server's drawing of this page (server/src/plugins/web.ts), disabled until the app has taken it over. */
  const drawing = root.querySelector<HTMLFieldSetElement>(':scope > fieldset[data-drawing]');

  // The page's own code first: the app then starts with the page the server drew, not a spinner.
  await nextTask();
  await preloadPage(window.location.pathname).catch(() => undefined);
  // React DOM's module sets itself up when first asked for (about as long as one slice of the page).
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();

  if (drawing && seeded) {
    // The app attaches to the drawing (same components, same answer) instead of drawing it again,
    // then lets its buttons and fields work. As a transition, the hydration is done in slices
    // that leave the main thread free between them (at default priority it was one long task).
    startTransition(() => {
      hydrateRoot(
        drawing,
        app(() => drawing.removeAttribute('disabled')),
      );
    });
    return;
  }
  // As a transition, React renders the page in slices that leave the main thread free between them.
  const page = createRoot(root);
  startTransition(() => page.render(app()));
}

void start();
