import { useId, useState, type FormEvent } from 'react';
import { PRICE_BANDS, type Refinement } from '@shared/search-filters';
import type { SearchFacets } from '@shared/search-filters.schemas';
import { secondaryButton } from '@/components/ui/button-styles';

type FilterPanelProps = {
  refinement: Refinement;
  onChange: (next: Refinement) => void;
  facets: SearchFacets | undefined;
  /** false on a category page: the category is the page */
  showCategories: boolean;
};

const countText = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);

/** The upper end of a band as a maxPrice (bands end before their `to`, maxPrice is inclusive). */
const bandMax = (to: number | null) => (to === null ? undefined : to - 0.01);

/**
 * Filters beside search results and category products: category, price (bands with counts, or a
 * range typed in), in stock only, option values of variants (Battery: included) with counts. Under
 * the md breakpoint they fold behind a Filters button (a disclosure); from md up they are always shown.
 */
export function FilterPanel({ refinement, onChange, facets, showCategories }: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const set = (patch: Partial<Refinement>) => onChange({ ...refinement, ...patch });
  const active =
    [refinement.category, refinement.minPrice ?? refinement.maxPrice, refinement.inStock || undefined].filter((v) => v !== undefined).length +
    (refinement.option?.length ?? 0);
  const chosenOptions = refinement.option ?? [];
  const toggleOption = (value: string, on: boolean) => {
    const rest = chosenOptions.filter((o) => o.toLowerCase() !== value.toLowerCase());
    set({ option: on ? [...rest, value] : rest.length > 0 ? rest : undefined });
  };
  const bandChosen = (from: number, to: number | null) =>
    (refinement.minPrice ?? 0) === from && refinement.maxPrice === bandMax(to) && (from > 0 || refinement.minPrice === undefined || refinement.minPrice === 0);
  const anyPrice = refinement.minPrice === undefined && refinement.maxPrice === undefined;

  const applyRange = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const read = (name: string) => {
      const v = String(data.get(name) ?? '').trim();
      const n = Number(v);
      return v === '' || !Number.isFinite(n) || n < 0 ? undefined : Math.round(n * 100) / 100;
    };
    let [min, max] = [read('minPrice'), read('maxPrice')];
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    set({ minPrice: min, maxPrice: max });
  };

  return (
    <section aria-label="Filters" className="md:w-60 md:shrink-0">
      <button type="button" className={`${secondaryButton} w-full md:hidden`} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide filters' : 'Filters'}
        {active > 0 ? ` (${active})` : ''}
      </button>
      <div id={panelId} className={`${open ? 'block' : 'hidden'} mt-3 space-y-5 md:mt-0 md:block`}>
        {showCategories && (
          <fieldset>
            <legend className="mb-1 font-semibold text-slate-900">Category</legend>
            <label className="flex items-center gap-2 py-0.5 text-slate-800">
              <input type="radio" name="category" checked={refinement.category === undefined} onChange={() => set({ category: undefined })} />
              All categories
            </label>
            {facets?.categories.map((c) => (
              <label key={c.id} className="flex items-center gap-2 py-0.5 text-slate-800">
                <input
                  type="radio"
                  name="category"
                  checked={refinement.category === c.value || refinement.category?.toLowerCase() === c.label.toLowerCase()}
                  onChange={() => set({ category: c.value })}
                />
                {c.label}
                <span className="text-slate-600">{countText(c.count)}</span>
              </label>
            ))}
          </fieldset>
        )}
        <fieldset>
          <legend className="mb-1 font-semibold text-slate-900">Price</legend>
          <label className="flex items-center gap-2 py-0.5 text-slate-800">
            <input type="radio" name="price" checked={anyPrice} onChange={() => set({ minPrice: undefined, maxPrice: undefined })} />
            Any price
          </label>
          {PRICE_BANDS.map((b, i) => {
            const facet = facets?.prices[i];
            return (
              <label key={b.from} className="flex items-center gap-2 py-0.5 text-slate-800">
                <input
                  type="radio"
                  name="price"
                  checked={!anyPrice && bandChosen(b.from, b.to)}
                  onChange={() => set({ minPrice: b.from > 0 ? b.from : undefined, maxPrice: bandMax(b.to) })}
                />
                {facet?.label ?? `${b.from}${b.to === null ? '+' : `-${b.to}`}`}
                <span className="text-slate-600">{countText(facet?.count)}</span>
              </label>
            );
          })}
          <form onSubmit={applyRange} className="mt-2 flex flex-wrap items-end gap-2" key={`${refinement.minPrice}-${refinement.maxPrice}`}>
            <PriceInput name="minPrice" label="Min price (₹)" value={refinement.minPrice} />
            <PriceInput name="maxPrice" label="Max price (₹)" value={refinement.maxPrice} />
            <button type="submit" className={`${secondaryButton} px-3 py-1`}>
              Apply price
            </button>
          </form>
        </fieldset>
        <fieldset>
          <legend className="mb-1 font-semibold text-slate-900">Availability</legend>
          <label className="flex items-center gap-2 py-0.5 text-slate-800">
            <input type="checkbox" checked={refinement.inStock === true} onChange={(e) => set({ inStock: e.target.checked || undefined })} />
            In stock only
            <span className="text-slate-600">{countText(facets?.inStock)}</span>
          </label>
        </fieldset>
        {facets?.options.map((o) => (
          <fieldset key={o.name}>
            <legend className="mb-1 font-semibold text-slate-900">{o.name}</legend>
            {o.values.map((v) => (
              <label key={v.value} className="flex items-center gap-2 py-0.5 text-slate-800">
                <input
                  type="checkbox"
                  checked={chosenOptions.some((c) => c.toLowerCase() === v.value.toLowerCase())}
                  onChange={(e) => toggleOption(v.value, e.target.checked)}
                />
                {v.label}
                <span className="text-slate-600">{countText(v.count)}</span>
              </label>
            ))}
          </fieldset>
        ))}
        {active > 0 && (
          <button type="button" className={`${secondaryButton} w-full`} onClick={() => onChange({ sort: refinement.sort })}>
            Clear filters
          </button>
        )}
      </div>
    </section>
  );
}

/** One end of the typed price range, read from the form when it is applied. */
function PriceInput({ name, label, value }: { name: 'minPrice' | 'maxPrice'; label: string; value: number | undefined }) {
  return (
    <label className="flex w-24 flex-col text-sm text-slate-700">
      {label}
      <input
        name={name}
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        defaultValue={value ?? ''}
        className="rounded-md border border-slate-300 px-2 py-1"
      />
    </label>
  );
}
