// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SlideShow } from './slide-show';

const slides = [1, 2, 3].map((n) => <img key={n} src={`/uploads/adverts/a${n}.png`} alt={`Offer ${n}`} />);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SlideShow', () => {
  it('shows the first slide only until the page is idle: the others are empty boxes, their pictures not yet asked for', () => {
    vi.useFakeTimers();
    render(<SlideShow label="Offers" delay={60_000} slides={slides} />);
    expect(screen.getAllByRole('group')).toHaveLength(3);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Offer 1']);
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Offer 1', 'Offer 2', 'Offer 3']);
  });

  it('gives every slide its content as soon as the shopper reaches for the carousel', () => {
    render(<SlideShow label="Offers" delay={60_000} slides={slides} />);
    expect(screen.getAllByRole('img')).toHaveLength(1);
    fireEvent.pointerOver(screen.getByRole('region', { name: 'Offers' }));
    expect(screen.getAllByRole('img')).toHaveLength(3);
  });
});
