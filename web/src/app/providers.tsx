import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';

// Toasts are never needed for the first paint, so their code loads once the page is idle.
const Toasts = lazy(() => import('./toasts'));

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback !== 'function') {
      const handle = window.setTimeout(() => setIdle(true), 1500);
      return () => window.clearTimeout(handle);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const idle = useIdle();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {idle && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
