import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryClient } from '../lib/query-client';
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

const seeded = seedFirstPage(queryClient, window.location, firstPageData());
if (!seeded) prefetchFirstPage(queryClient, window.location);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
/** The server's drawing of this page (server/src/plugins/web.ts), disabled until the app has taken it over. */
const drawing = root.querySelector<HTMLFieldSetElement>(':scope > fieldset[data-drawing]');

function app(onReady?: () => void) {
  return (
    <StrictMode>
      <AppProviders onReady={onReady}>
        <AppRouter />
      </AppProviders>
    </StrictMode>
  );
}

// The page's own code first: the app then starts with the page the server drew, not a spinner.
void preloadPage(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    if (drawing && seeded) {
      // The app attaches to the drawing (same components, same answer) instead of drawing it again,
      // then lets its buttons and fields work. As a transition, the hydration is done in slices
      // that leave the main thread free between them (at default priority it was one long task).
      startTransition(() => {
        hydrateRoot(drawing, app(() => drawing.removeAttribute('disabled')));
      });
      return;
    }
    // As a transition, React renders the page in slices that leave the main thread free between them.
    const page = createRoot(root);
    startTransition(() => page.render(app()));
  });
