import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { whenIdle } from '@/lib/idle';
import { queryClient } from '@/lib/query-client';

// Toasts are never needed for the first paint, so their code loads once the page is idle.
const loadToasts = () => import('./toasts');
const Toasts = lazy(loadToasts);

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  // The code is fetched first, in the idle callback's own task, and then shown as a transition:
  // no part of it joins a render that cannot be paused.
  useEffect(
    () =>
      whenIdle(
        () =>
          void loadToasts()
            .catch(() => undefined)
            .then(() => startTransition(() => setIdle(true))),
        1500,
      ),
    [],
  );
  return idle;
}

type AppProvidersProps = {
  children: ReactNode;
  /** the server's drawing of a page brings its own client */
  client?: QueryClient;
  /** called once the app is on screen (after the first commit, or after hydrating a drawn page) */
  onReady?: () => void;
};

export function AppProviders({ children, client = queryClient, onReady }: AppProvidersProps) {
  const idle = useIdle();
  useEffect(() => onReady?.(), [onReady]);
  return (
    <QueryClientProvider client={client}>
      {children}
      {idle && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
