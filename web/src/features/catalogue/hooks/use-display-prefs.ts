import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../../lib/storage';

const LAYOUTS = ['carousel', 'grid'] as const;
export const CARD_SIZES = ['small', 'medium', 'large'] as const;
export type SectionLayout = (typeof LAYOUTS)[number];
export type CardSize = (typeof CARD_SIZES)[number];
export type DisplayPrefs = { layout: SectionLayout; size: CardSize };

const DISPLAY_PREFS_KEY = 'shop.displayPrefs';
export const DEFAULT_DISPLAY_PREFS: DisplayPrefs = { layout: 'carousel', size: 'medium' };

/** The stored preferences, with defaults for anything missing or unknown. */
export function parseDisplayPrefs(raw: string | null): DisplayPrefs {
  if (!raw) return DEFAULT_DISPLAY_PREFS;
  try {
    const data = JSON.parse(raw) as Partial<Record<keyof DisplayPrefs, unknown>> | null;
    const layout = LAYOUTS.find((l) => l === data?.layout) ?? DEFAULT_DISPLAY_PREFS.layout;
    const size = CARD_SIZES.find((s) => s === data?.size) ?? DEFAULT_DISPLAY_PREFS.size;
    return { layout, size };
  } catch {
    return DEFAULT_DISPLAY_PREFS;
  }
}

/** The home page's section layout and card size, remembered on this device. */
export function useDisplayPrefs() {
  const [prefs, setPrefs] = useState<DisplayPrefs>(() => parseDisplayPrefs(readStored(DISPLAY_PREFS_KEY)));
  const update = useCallback((change: Partial<DisplayPrefs>) => {
    setPrefs((current) => {
      const next = { ...current, ...change };
      writeStored(DISPLAY_PREFS_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return [prefs, update] as const;
}
