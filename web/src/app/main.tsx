import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

if (!seedFirstPage(queryClient, window.location, firstPageData())) prefetchFirstPage(queryClient, window.location);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's own code first: the first render then replaces the server's drawing of the page with
// the same page, not with a spinner. A failed download shows the route's error page instead.
void preloadPage(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    ),
  );
