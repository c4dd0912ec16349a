// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '@/lib/notify';
import { AppProviders } from './providers';

afterEach(cleanup);

describe('AppProviders: the toasts', () => {
  it('mounts no toast container (nor react-toastify and its stylesheet) until the first toast, then shows it', async () => {
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    // Past the idle callback (3 s at the latest) that used to load them at start.
    await act(() => new Promise((resolve) => setTimeout(resolve, 3500)));
    expect(document.querySelector('.Toastify')).toBeNull();
    expect(document.head.innerHTML).not.toContain('Toastify');

    act(() => notify('success', 'Added to cart'));
    expect(await screen.findByText('Added to cart', undefined, { timeout: 5000 })).toBeTruthy();
    expect(document.querySelector('.Toastify')).not.toBeNull();
  });
});
