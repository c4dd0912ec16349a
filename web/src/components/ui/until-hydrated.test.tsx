// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UntilHydrated } from './until-hydrated';

const form = (
  <UntilHydrated>
    <form>
      <button type="submit">Submit</button>
    </form>
  </UntilHydrated>
);

/** A container in the page, removed after `use`. */
async function inPage(html: string, check: (container: HTMLElement) => Promise<void>) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  try {
    await check(container);
  } finally {
    container.remove();
  }
}
/** The Submit button sits in a disabled fieldset (which disables every control in it). */
const submitDisabled = (container: HTMLElement) => container.querySelector('button')!.closest('fieldset')!.hasAttribute('disabled');

describe('UntilHydrated', () => {
  it('draws its controls disabled on the server and lets them work once the app has taken them over', async () => {
    await inPage(renderToString(form), async (container) => {
      expect(submitDisabled(container)).toBe(true);
      await act(async () => {
        hydrateRoot(container, form);
      });
      expect(submitDisabled(container)).toBe(false);
    });
  });

  it('is enabled at once when the app draws it alone (a page reached in the app)', async () => {
    await inPage('', async (container) => {
      const root = createRoot(container);
      await act(async () => root.render(form));
      expect(submitDisabled(container)).toBe(false);
      root.unmount();
    });
  });
});
