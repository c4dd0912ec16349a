// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsSection } from './card-form';

afterEach(cleanup);

const pending = { isPending: true, isError: false };
const failed = { isPending: false, isError: true };
const loaded = { isPending: false, isError: false, data: { flatRate: 40 } };

function Shipping({ query }: { query: { isPending: boolean; isError: boolean; data?: { flatRate: number } } }) {
  return (
    <SettingsSection title="Shipping" intro="Rates for the whole country." what="the shipping settings" query={query}>
      {(data) => <p>Flat rate {data.flatRate}</p>}
    </SettingsSection>
  );
}

describe('SettingsSection: a section of the shop settings', () => {
  it('is named by its title and says what it does, then loads, fails or shows its forms of the settings', () => {
    const { rerender } = render(<Shipping query={pending} />);
    expect(screen.getByRole('region', { name: 'Shipping' })).toBeTruthy();
    expect(screen.getByText('Rates for the whole country.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading the shipping settings');
    rerender(<Shipping query={failed} />);
    expect(screen.getByRole('alert').textContent).toBe('Could not load the shipping settings.');
    rerender(<Shipping query={loaded} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Flat rate 40')).toBeTruthy();
  });
});
