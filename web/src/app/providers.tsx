import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { subscribeToToasts, toastsWanted } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';

// Toasts are never needed for the first paint: their code and stylesheet load with the first toast.
const Toasts = lazy(() => import('./toasts'));

type AppProvidersProps = {
  children: ReactNode;
  /** the server's drawing of a page brings its own client */
  client?: QueryClient;
  /** called once the app is on screen (after the first commit, or after hydrating a drawn page) */
  onReady?: () => void;
};

export function AppProviders({ children, client = queryClient, onReady }: AppProvidersProps) {
  const showToasts = useSyncExternalStore(subscribeToToasts, toastsWanted, () => false);
  useEffect(() => onReady?.(), [onReady]);
  return (
    <QueryClientProvider client={client}>
      {children}
      {showToasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
