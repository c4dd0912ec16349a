import type { SVGProps } from 'react';

type IconProps = { className?: string };
type Paint = Pick<SVGProps<SVGSVGElement>, 'viewBox' | 'fill' | 'stroke' | 'strokeWidth'>;

/** Filled, on a 20-unit grid. */
const SOLID: Paint = { viewBox: '0 0 20 20', fill: 'currentColor' };
/** Stroked, on a 24-unit grid. */
const outline = (strokeWidth: string): Paint => ({ viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth });
const evenOdd = { fillRule: 'evenodd', clipRule: 'evenodd' } as const;

/** A decorative icon of one path, in the text colour; the control that holds one carries the accessible name. */
function icon(defaultClassName: string, paint: Paint, path: SVGProps<SVGPathElement>) {
  return function Icon({ className = defaultClassName }: IconProps) {
    return (
      <svg aria-hidden="true" {...paint} className={className}>
        <path {...path} />
      </svg>
    );
  };
}

export const ChevronLeftIcon = icon('size-5', SOLID, {
  ...evenOdd,
  d: 'M12.8 4.2a.75.75 0 0 1 0 1.06L8.06 10l4.74 4.74a.75.75 0 1 1-1.06 1.06l-5.27-5.27a.75.75 0 0 1 0-1.06l5.27-5.27a.75.75 0 0 1 1.06 0Z',
});

export const ChevronRightIcon = icon('size-5', SOLID, {
  ...evenOdd,
  d: 'M7.2 15.8a.75.75 0 0 1 0-1.06L11.94 10 7.2 5.26A.75.75 0 1 1 8.26 4.2l5.27 5.27a.75.75 0 0 1 0 1.06l-5.27 5.27a.75.75 0 0 1-1.06 0Z',
});

export const ChevronDownIcon = icon('size-4', SOLID, {
  ...evenOdd,
  d: 'M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z',
});

export const CartIcon = icon('size-6', outline('1.8'), {
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  d: 'M2.25 3h1.4c.5 0 .95.34 1.08.83l.38 1.42m0 0L6.6 11.6a2.25 2.25 0 0 0 2.18 1.65h7.9a2.25 2.25 0 0 0 2.15-1.6l1.72-5.6a.75.75 0 0 0-.72-.97H5.11ZM9 19.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm10.5 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z',
});

export const MenuIcon = icon('size-6', outline('2'), { strokeLinecap: 'round', d: 'M4 6h16M4 12h16M4 18h16' });

export const CloseIcon = icon('size-6', outline('2'), { strokeLinecap: 'round', d: 'M6 6l12 12M18 6L6 18' });

export const SearchIcon = icon('size-5', SOLID, {
  ...evenOdd,
  d: 'M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z',
});

export const GridIcon = icon('size-5', SOLID, { d: 'M3 3h6v6H3V3Zm8 0h6v6h-6V3ZM3 11h6v6H3v-6Zm8 0h6v6h-6v-6Z' });

export const CarouselIcon = icon('size-5', SOLID, { d: 'M6 4h8v12H6V4ZM1 6h3v8H1V6Zm15 0h3v8h-3V6Z' });

/**
 * The shop's mark, the drawing of /favicon.svg, drawn in the page: as an `<img>` of an SVG file the
 * browser would set up a separate SVG document for it, one of the longest tasks of the page's start.
 */
export function ShopMark({ className = 'size-9' }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className={className}>
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <rect x="14" y="20" width="36" height="28" rx="6" fill="#fff" />
      <circle cx="25" cy="33" r="4.5" fill="#1d4ed8" />
      <circle cx="39" cy="33" r="4.5" fill="#1d4ed8" />
      <rect x="29" y="9" width="6" height="11" rx="2" fill="#fff" />
      <circle cx="32" cy="9" r="4" fill="#f59e0b" />
      <rect x="24" y="41" width="16" height="3" rx="1.5" fill="#1d4ed8" />
    </svg>
  );
}
