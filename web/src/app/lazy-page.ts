import { createElement, lazy, type ComponentType } from 'react';

/** A page component loaded on first use, with `preload()` to load it ahead of the first render. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * Like React.lazy, but once the page's code has arrived (preloaded, or rendered once) it renders
 * at once instead of suspending for a turn. The app preloads the first page's code before its
 * first render, so a page the server already drew is replaced by the same page, never by a
 * spinner.
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
    return createElement(loaded ?? Lazy);
  }
  return Object.assign(Page, { preload });
}
