import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** A page component loaded on first use, with `preload()` to load it ahead of the first render. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * A lazily loaded page. A page whose code has arrived (preloaded, or shown before) renders at
 * once, with no Suspense boundary around it; one whose code is still on its way shows a spinner
 * meanwhile. Why it matters: the app preloads the first page's code and then hydrates the page the
 * server drew, and React hydrates the inside of a Suspense boundary in a later, lowest-priority
 * pass. Answers that arrive in between (who is signed in) would then meet the server's drawing
 * of the boundary, and React does not correct attributes it finds different while hydrating (a
 * button stayed disabled). Without a boundary the whole page hydrates in one pass.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may succeed on the next navigation.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page() {
    // Fixed for the life of this page: switching from the lazy form to the loaded one would mount the page afresh.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<Spinner />}>
        <Lazy />
      </Suspense>
    );
  }
  return Object.assign(Page, { preload });
}
