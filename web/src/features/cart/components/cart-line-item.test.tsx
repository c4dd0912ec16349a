// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_QUANTITY } from '@shared/cart-limits';
import type { CartLine } from '@shared/orders.schemas';
import { CartLineItem } from './cart-line-item';

const line = (patch: Partial<CartLine> = {}): CartLine => ({
  id: 7,
  title: 'Drone Kit',
  price: 1250.5,
  quantity: 2,
  image: null,
  available: true,
  previousPrice: null,
  stock: null,
  ...patch,
});

function renderLine(l: CartLine) {
  const onQuantity = vi.fn();
  const onRemove = vi.fn();
  render(
    <MemoryRouter>
      <ul>
        <CartLineItem line={l} onQuantity={onQuantity} onRemove={onRemove} />
      </ul>
    </MemoryRouter>,
  );
  return { onQuantity, onRemove };
}

afterEach(cleanup);

describe('CartLineItem', () => {
  it('steps the quantity up and down by one and shows the line total', () => {
    const { onQuantity } = renderLine(line());
    expect(screen.getByRole('status', { name: 'Quantity of Drone Kit' }).textContent).toBe('2');
    expect(screen.getByText('₹2,501.00')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Drone Kit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Drone Kit' }));
    expect(onQuantity.mock.calls).toEqual([[3], [1]]);
  });

  it('offers no minus at 1 and no plus at the most a line may hold', () => {
    renderLine(line({ quantity: 1 }));
    expect(screen.queryByRole('button', { name: 'Decrease quantity of Drone Kit' })).toBeNull();
    cleanup();
    renderLine(line({ quantity: MAX_QUANTITY }));
    expect(screen.getByRole('button', { name: 'Increase quantity of Drone Kit' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a price change, and a product no longer sold can only be removed', () => {
    renderLine(line({ previousPrice: 1100 }));
    expect(screen.getByText('Price changed: was ₹1,100.00, now ₹1,250.50')).toBeDefined();
    cleanup();
    const { onRemove } = renderLine(line({ available: false }));
    expect(screen.getByText('No longer available')).toBeDefined();
    expect(screen.queryByRole('group', { name: 'Quantity of Drone Kit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Drone Kit from the cart' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });
});
