// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart, CartLine } from '@shared/orders.schemas';
import { notify } from '@/lib/notify';
import { useCoupon } from './use-coupon';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

const line = (id: number, quantity: number, price: number): CartLine => ({
  id,
  quantity,
  price,
  title: `Kit ${id}`,
  image: null,
  available: true,
  previousPrice: null,
  stock: null,
});

const cartOf = (...items: CartLine[]): Cart => {
  const subtotal = items.reduce((sum, l) => sum + l.price * l.quantity, 0);
  return { items, count: items.length, subtotal, shipping: 0, total: subtotal, delivery: null, codFee: null };
};

type Answer = { success: boolean; discount: number; message: string; code?: string; freeShipping?: boolean };

/** POST /api/verifyCoupon answers from `answers`, in turn (the last one again once they run out). */
let answers: Answer[];
const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => {
  const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
  return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
});
const sentTotals = () => fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { totalAmount: number }).totalAmount);

function renderCoupon(initial: Cart) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(({ cart }: { cart: Cart }) => useCoupon(cart), { wrapper, initialProps: { cart: initial } });
}

/** The hook on `cart` with `code` applied (the server's first answer accepting it). */
async function renderApplied(code: string, cart: Cart) {
  const rendered = renderCoupon(cart);
  act(() => rendered.result.current.apply(code));
  await waitFor(() => expect(rendered.result.current.applied).not.toBeNull());
  return rendered;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.mocked(notify).mockClear();
  vi.unstubAllGlobals();
});

describe('useCoupon', () => {
  it('applies a coupon the server accepts, as the server spells it, and asks nothing more while the cart stays the same', async () => {
    answers = [{ success: true, discount: 100, message: 'Coupon applied', code: 'SAVE100' }];
    const cart = cartOf(line(1, 2, 500));
    const { result, rerender } = renderCoupon(cart);

    act(() => result.current.apply('  save100 '));
    await waitFor(() => expect(result.current.applied).toEqual({ code: 'SAVE100', discount: 100, freeShipping: false }));
    expect(notify).toHaveBeenCalledWith('success', 'Coupon applied');
    rerender({ cart: cartOf(line(1, 2, 500)) });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentTotals()).toEqual([1000]);
  });

  it('shows the server reason and applies nothing when the coupon is refused', async () => {
    answers = [{ success: false, discount: 0, message: 'Invalid coupon code' }];
    const { result } = renderCoupon(cartOf(line(1, 1, 500)));

    act(() => result.current.apply('NOPE'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Invalid coupon code'));
    expect(result.current.applied).toBeNull();
  });

  it('prices the coupon again when the cart changes and shows the new discount', async () => {
    answers = [
      { success: true, discount: 50, message: 'Coupon applied', code: 'TENPC' },
      { success: true, discount: 150, message: 'Coupon applied', code: 'TENPC' },
    ];
    const { result, rerender } = renderCoupon(cartOf(line(1, 1, 500)));
    act(() => result.current.apply('TENPC'));
    await waitFor(() => expect(result.current.applied?.discount).toBe(50));

    rerender({ cart: cartOf(line(1, 3, 500)) });
    await waitFor(() => expect(result.current.applied?.discount).toBe(150));
    expect(sentTotals()).toEqual([500, 1500]);
    // Back to the cart it was applied to: its own pricing, without asking again.
    rerender({ cart: cartOf(line(1, 1, 500)) });
    expect(result.current.applied?.discount).toBe(50);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('drops the coupon with the server reason when the changed cart no longer qualifies', async () => {
    answers = [
      { success: true, discount: 100, message: 'Coupon applied', code: 'MIN1000' },
      { success: false, discount: 0, message: 'Minimum purchase of ₹1000 required' },
    ];
    const { result, rerender } = await renderApplied('MIN1000', cartOf(line(1, 2, 500)));

    rerender({ cart: cartOf(line(1, 1, 500)) });
    await waitFor(() => expect(result.current.applied).toBeNull());
    expect(notify).toHaveBeenLastCalledWith('error', 'Minimum purchase of ₹1000 required');
    // Gone for good: a cart that would qualify again does not bring it back.
    rerender({ cart: cartOf(line(1, 4, 500)) });
    expect(result.current.applied).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the coupon as applied when the re-check cannot reach the server', async () => {
    answers = [{ success: true, discount: 100, message: 'Coupon applied', code: 'SAVE100' }];
    const { result, rerender } = await renderApplied('SAVE100', cartOf(line(1, 2, 500)));

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    rerender({ cart: cartOf(line(1, 3, 500)) });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(result.current.applied).toEqual({ code: 'SAVE100', discount: 100, freeShipping: false });
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('does not re-price an emptied cart', async () => {
    answers = [{ success: true, discount: 100, message: 'Coupon applied', code: 'SAVE100' }];
    const { rerender } = await renderApplied('SAVE100', cartOf(line(1, 2, 500)));

    rerender({ cart: cartOf() });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('removes the coupon on request', async () => {
    answers = [{ success: true, discount: 100, message: 'Coupon applied', code: 'SAVE100' }];
    const { result } = await renderApplied('SAVE100', cartOf(line(1, 2, 500)));

    act(() => result.current.remove());
    expect(result.current.applied).toBeNull();
    expect(notify).toHaveBeenLastCalledWith('info', 'Coupon removed successfully');
  });
});
