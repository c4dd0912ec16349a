import { useCallback, useSyncExternalStore } from 'react';
import { readStored, writeStored } from '@/lib/storage';

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

const listeners = new Set<() => void>();
/** The preferences chosen in this tab: kept even where storage refuses to remember them. */
let chosen: DisplayPrefs | undefined;
let read: { raw: string | null; prefs: DisplayPrefs } | undefined;

function currentPrefs(): DisplayPrefs {
  if (chosen) return chosen;
  const raw = readStored(DISPLAY_PREFS_KEY);
  if (read?.raw !== raw) read = { raw, prefs: parseDisplayPrefs(raw) };
  return read.prefs;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The home page's section layout and card size, remembered on this device. The page drawn on the
 * server has the defaults; the app starts from that drawing and then shows the stored choice.
 */
export function useDisplayPrefs() {
  const prefs = useSyncExternalStore(subscribe, currentPrefs, () => DEFAULT_DISPLAY_PREFS);
  const update = useCallback((change: Partial<DisplayPrefs>) => {
    chosen = { ...currentPrefs(), ...change };
    writeStored(DISPLAY_PREFS_KEY, JSON.stringify(chosen));
    for (const listener of listeners) listener();
  }, []);
  return [prefs, update] as const;
}
