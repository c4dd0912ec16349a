import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';

/** A hover-opened menu closes this long after the pointer leaves it (SPEC.md §9). */
const MENU_CLOSE_DELAY_MS = 300;

type NavMenuProps = {
  label: string;
  /** The menu's links, each an <li>. */
  children: ReactNode;
  /** Which edge of the button the open menu lines up with on wide screens; 'right' for the last entry of the bar. */
  align?: 'left' | 'right';
};

/**
 * A disclosure menu of the top bar: opens on hover (mouse) or click, closes
 * 300 ms after the pointer leaves, on Escape, on a click elsewhere or when
 * focus moves out of it.
 */
export function NavMenu({ label, children, align = 'left' }: NavMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const openedByHover = useRef(false);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const cancelClose = () => window.clearTimeout(closeTimer.current);

  return (
    <div
      ref={rootRef}
      // A wrapper that hears its button's and links' events (hover, Escape, focus leaving); no control itself.
      role="presentation"
      className="relative"
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return;
        cancelClose();
        if (!open) {
          openedByHover.current = true;
          setOpen(true);
        }
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'mouse') return;
        cancelClose();
        closeTimer.current = window.setTimeout(() => setOpen(false), MENU_CLOSE_DELAY_MS);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          cancelClose();
          // A click on a menu the pointer just opened keeps it open instead of closing it again.
          if (openedByHover.current && open) {
            openedByHover.current = false;
            return;
          }
          openedByHover.current = false;
          setOpen(!open);
        }}
        className="inline-flex w-full items-center justify-between gap-1 rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-slate-100 hover:text-brand-700 lg:w-auto"
      >
        {label}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul
        id={id}
        hidden={!open}
        className={`z-40 min-w-56 rounded-md bg-white py-1 lg:absolute lg:top-full ${align === 'right' ? 'lg:right-0' : 'lg:left-0'} lg:mt-1 lg:border lg:border-slate-200 lg:shadow-lg`}
      >
        {children}
      </ul>
    </div>
  );
}

export const menuItemClass = 'block px-4 py-2 text-slate-800 hover:bg-slate-100 hover:text-brand-700';
