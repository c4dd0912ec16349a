import { SORTS, sortLabels, type Refinement, type Sort } from '@shared/search-filters';
import { primaryButton } from '@/components/ui/button-styles';

/** The order of results; `defaultLabel` names the default order (relevance for a search, the shop's order for a category). */
export function SortSelect({ refinement, onChange, defaultLabel }: { refinement: Refinement; onChange: (next: Refinement) => void; defaultLabel: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      Sort by
      <select
        className="rounded-md border border-slate-300 bg-white px-2 py-1"
        value={refinement.sort ?? 'relevance'}
        onChange={(e) => {
          const sort = e.target.value as Sort;
          onChange({ ...refinement, sort: sort === 'relevance' ? undefined : sort });
        }}
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {s === 'relevance' ? defaultLabel : sortLabels[s]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Nothing left once the filters are applied: say so and offer to clear them. */
export function NoFilteredResults({ onClear }: { onClear: () => void }) {
  return (
    <div role="status" className="rounded-lg border border-slate-200 bg-white px-6 py-12 text-center">
      <p className="text-lg font-semibold text-slate-900">No products match these filters</p>
      <p className="mt-1 text-slate-700">Try a wider price range, another category, or include products out of stock.</p>
      <button type="button" onClick={onClear} className={`${primaryButton} mt-4`}>
        Clear filters
      </button>
    </div>
  );
}
