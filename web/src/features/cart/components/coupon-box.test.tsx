// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CouponBox } from './coupon-box';

afterEach(cleanup);

describe('CouponBox', () => {
  it('applies a typed code, not a blank one', () => {
    const onApply = vi.fn();
    render(<CouponBox applied={null} isApplying={false} onApply={onApply} onRemove={vi.fn()} />);
    const apply = screen.getByRole('button', { name: 'Apply' });
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: '   ' } });
    expect(apply.hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'save100' } });
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith('save100');
  });

  it('says Applying... and takes no second click while the server answers', () => {
    render(<CouponBox applied={null} isApplying onApply={vi.fn()} onRemove={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'SAVE100' } });
    expect(screen.getByRole('button', { name: 'Applying...' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the applied code with a remove control, and an empty box after removing', () => {
    const onRemove = vi.fn();
    const box = (applied: { code: string; discount: number; freeShipping: boolean } | null) => (
      <CouponBox applied={applied} isApplying={false} onApply={vi.fn()} onRemove={onRemove} />
    );
    const { rerender } = render(box(null));
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'SAVE100' } });
    rerender(box({ code: 'SAVE100', discount: 100, freeShipping: false }));
    expect(screen.getByText('SAVE100').parentElement?.textContent).toBe('Coupon SAVE100 applied');
    fireEvent.click(screen.getByRole('button', { name: 'Remove coupon' }));
    expect(onRemove).toHaveBeenCalledTimes(1);

    rerender(box(null));
    expect(screen.getByLabelText('Coupon code')).toHaveProperty('value', '');
  });
});
