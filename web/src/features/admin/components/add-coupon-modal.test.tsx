// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CouponInput } from '@shared/coupons.schemas';
import { emptyCouponForm } from '../lib/coupon-format';
import { AddCouponModal } from './add-coupon-modal';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: 'Coupon added successfully' }), { status: 201 }));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A coupon the server accepts, field by field and by the label of its input. */
const valid = { code: 'SAVE10', discount: '100' };
const labels = { 'Coupon Code': 'code', 'Fixed Discount': 'discount' } as const;

/** Opens 'Add New Coupon', types a valid coupon but for `label` (set to `value`), and submits. */
function submit(label?: string, value = '') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AddCouponModal onClose={vi.fn()} />
    </QueryClientProvider>,
  );
  for (const [name, field] of Object.entries(labels)) fireEvent.change(screen.getByLabelText(name), { target: { value: valid[field] } });
  if (label) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Coupon' }));
}

describe('Add New Coupon', () => {
  it.each([
    ['Coupon Code', 'SAVE!10', 'code', 'Coupon code may use letters, digits, single spaces, - and _'],
    ['Fixed Discount', '12.345', 'discount', 'Fixed discount must be an amount in rupees, 0 or more, with at most 2 decimals'],
    ['Discount Percentage', '120', 'discount_percent', 'Discount percentage must be from 0 to 100'],
    ['Fixed Discount', '', 'discount', 'Give a fixed discount, a discount percentage or free shipping'],
  ] as const)('refuses %s "%s" with the message the server gives, and sends nothing', async (label, value, field, message) => {
    const server = CouponInput.safeParse({ ...emptyCouponForm, ...valid, [field]: value });
    expect(server.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
    submit(label, value);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a coupon the server accepts', async () => {
    submit();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
