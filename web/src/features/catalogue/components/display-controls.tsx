import { useId } from 'react';
import { CarouselIcon, GridIcon } from '@/components/ui/icons';
import { CARD_SIZES, type CardSize, type DisplayPrefs, type SectionLayout } from '../hooks/use-display-prefs';

type DisplayControlsProps = { prefs: DisplayPrefs; onChange: (change: Partial<DisplayPrefs>) => void };

const sizeLabel: Record<CardSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };
const layoutOptions: { value: SectionLayout; label: string; Icon: typeof GridIcon }[] = [
  { value: 'carousel', label: 'Carousel', Icon: CarouselIcon },
  { value: 'grid', label: 'Grid', Icon: GridIcon },
];

/** The layout toggle (carousel or grid) and the card size selector of the home page. */
export function DisplayControls({ prefs, onChange }: DisplayControlsProps) {
  const sizeId = useId();
  return (
    <div className="flex w-full items-center justify-between gap-3 sm:w-auto sm:justify-end">
      <div role="group" aria-label="Layout" className="inline-flex overflow-hidden rounded-md border border-slate-300">
        {layoutOptions.map(({ value, label, Icon }) => {
          const active = prefs.layout === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={active}
              onClick={() => onChange({ layout: value })}
              className={`inline-flex items-center gap-1.5 px-3 py-2 text-sm font-medium ${
                active ? 'bg-brand-700 text-white' : 'bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              <Icon />
              {label}
            </button>
          );
        })}
      </div>
      <div className="inline-flex items-center gap-2">
        <label htmlFor={sizeId} className="text-sm font-medium whitespace-nowrap text-slate-800">
          <span className="sr-only sm:not-sr-only">Card </span>Size
        </label>
        <select
          id={sizeId}
          value={prefs.size}
          onChange={(e) => onChange({ size: e.target.value as CardSize })}
          className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
        >
          {CARD_SIZES.map((s) => (
            <option key={s} value={s}>
              {sizeLabel[s]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
