// @vitest-environment happy-dom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductOption, ProductVariant } from '@shared/catalogue.schemas';
import { VariantPicker } from './variant-picker';

const options: ProductOption[] = [
  { name: 'Battery', values: ['included', 'not included'] },
  { name: 'Colour', values: ['red', 'blue'] },
];
const variant = (id: number, battery: string, colour: string, stock: number | null): ProductVariant => ({
  id,
  sku: null,
  options: { Battery: battery, Colour: colour },
  price: 1000 + id,
  stock,
});
// No "not included" in blue; "included, blue" is sold out.
const variants = [variant(1, 'included', 'red', 5), variant(2, 'included', 'blue', 0), variant(3, 'not included', 'red', null)];

/** The product page keeps the choice; here a plain state does. */
function Picker({ initial }: { initial: Record<string, string> }) {
  const [chosen, setChosen] = useState(initial);
  return <VariantPicker options={options} variants={variants} chosen={chosen} onChoose={setChosen} />;
}

const group = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}:`) });
const value = (option: string, name: RegExp | string) => {
  const buttons = group(option).querySelectorAll('button');
  const found = [...buttons].find((b) => (typeof name === 'string' ? b.textContent === name : name.test(b.textContent ?? '')));
  if (!found) throw new Error(`no button ${String(name)} in ${option}`);
  return found;
};

afterEach(cleanup);

describe('VariantPicker', () => {
  it('presses the chosen values and names the choice beside each option', () => {
    render(<Picker initial={{ Battery: 'included', Colour: 'red' }} />);
    expect(group('Battery')).toHaveProperty('textContent', expect.stringContaining('Battery: included'));
    expect(screen.getByRole('button', { name: 'included', pressed: true })).toBeDefined();
    expect(screen.getByRole('button', { name: 'red', pressed: true })).toBeDefined();
    expect(screen.getByRole('button', { name: 'not included', pressed: false })).toBeDefined();
  });

  it('marks a sold-out combination for screen readers and disables one the shop does not make', () => {
    render(<Picker initial={{ Battery: 'included', Colour: 'red' }} />);
    // included + blue exists but is sold out: still choosable, said to be out of stock.
    const blue = screen.getByRole('button', { name: 'blue (out of stock)' });
    expect(blue.hasAttribute('disabled')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'not included' }));
    // not included + blue is no variant at all.
    expect(value('Colour', /^blue/).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'not included', pressed: true })).toBeDefined();
  });

  it('keeps the other choices when one changes, and the values that no longer fit are disabled', () => {
    render(<Picker initial={{ Battery: 'included', Colour: 'red' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'blue (out of stock)' }));
    expect(group('Colour').textContent).toContain('Colour: blue');
    expect(group('Battery').textContent).toContain('Battery: included');
    expect(screen.getByRole('button', { name: 'not included' }).hasAttribute('disabled')).toBe(true);
  });
});
