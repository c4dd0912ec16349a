/**
 * The server's drawing of a page: the storefront's own components rendered to HTML with the answer
 * the page shows first (web/src/app/prefetch.ts), so the browser paints the page, its largest image
 * included, before the app's code has arrived. Built by `vite build --ssr` into the web build's
 * `.ssr/` folder and loaded by the server (server/src/plugins/first-paint.ts); the app hydrates the
 * drawing (attaches to it) instead of drawing the page again.
 */
import { StrictMode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { PublicConfig } from '@shared/catalogue.schemas';
import { config } from '@/lib/config';
import { seedFirstPage } from './prefetch';
import { AppProviders } from './providers';
import { AppRoutes, preloadPage } from './router';

/** The shop's public configuration (names and links in the header and footer); set once at start. */
export function configure(shop: PublicConfig): void {
  Object.assign(config, shop);
}

/**
 * HTML of the page at `url` (path and query) drawn with `data`, the answer of the page's first
 * query. Nothing of a shopper: the drawing is the same for every visitor (it is cached), and shows
 * the signed-out header until the app has asked who is there.
 */
export async function renderPage(url: string, data: unknown): Promise<string> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const location = new URL(url, 'http://shop.invalid');
  seedFirstPage(queryClient, location, data);
  // The page's code loaded first, so that it is drawn in place rather than after a spinner.
  await preloadPage(location.pathname);
  // progressiveChunkSize: never move a large part of the page to the end (to be put in place by a script).
  const { prelude } = await prerender(
    // The same tree as the browser's (main.tsx) but for the router: the app hydrates this drawing.
    <StrictMode>
      <AppProviders client={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  queryClient.clear();
  return new Response(prelude).text();
}
