import { z } from 'zod';
import { MAX_FILTER_RUPEES, MAX_OPTION_FILTERS, OPTION_VALUE, RUPEES_TEXT, SORTS, type Refinement } from './search-filters';

/**
 * The API's schemas for the filters and sorting of search results and category pages (issue 26,
 * decision 046), and the facet counts' answer. Apart from search-filters.ts so that the storefront's
 * first load reads a URL's filters without zod (issue 12's budget).
 */

/** '' (an empty box in a form) is no value. */
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

const rupees = (name: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string()
      .regex(RUPEES_TEXT, `${name} must be a number of rupees, e.g. 500 or 499.50`)
      .transform(Number)
      .pipe(z.number().max(MAX_FILTER_RUPEES, `${name} must be at most ${MAX_FILTER_RUPEES}`))
      .optional(),
  );

/** The filters and the order (all optional: none set is the plain search or listing), as fields to add to a query schema. */
const RefinementFields = z.object({
  sort: z.preprocess(blankIsAbsent, z.enum(SORTS, { message: `sort must be one of ${SORTS.join(', ')}` }).optional()),
  minPrice: rupees('minPrice'),
  maxPrice: rupees('maxPrice'),
  inStock: z.preprocess(
    blankIsAbsent,
    z
      .enum(['1', '0', 'true', 'false'], { message: 'inStock must be 1 or 0' })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
  ),
  /** a category Id or name (any case) */
  category: z.preprocess(blankIsAbsent, z.string().trim().min(1).max(200).optional()),
  /**
   * option values, each "Name:value" (e.g. `option=Battery:included`, repeated for more): a product
   * matches when one of its variants takes one of the values given for every option named
   */
  option: z.preprocess(
    (v) => (v === '' || (Array.isArray(v) && v.length === 0) ? undefined : typeof v === 'string' ? [v] : v),
    z
      .array(z.string().regex(OPTION_VALUE, 'option must read Name:value, e.g. Battery:included'), {
        message: 'option must read Name:value, e.g. Battery:included',
      })
      .max(MAX_OPTION_FILTERS, `At most ${MAX_OPTION_FILTERS} option values at once`)
      .optional(),
  ),
});

/** A query schema with the refinement's fields, checked together (minPrice not above maxPrice). */
export function refined<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  return schema.extend(RefinementFields.shape).refine(
    (value) => {
      const r = value as { minPrice?: number; maxPrice?: number };
      return r.minPrice === undefined || r.maxPrice === undefined || r.minPrice <= r.maxPrice;
    },
    { message: 'minPrice must not be above maxPrice', path: ['minPrice'] },
  );
}

/** The schema's refinement is search-filters.ts's Refinement, field for field. */
const sameRefinement: [z.infer<typeof RefinementFields>, Refinement] extends [Refinement, z.infer<typeof RefinementFields>] ? true : never = true;
void sameRefinement;

const FacetCount = z.object({ value: z.string(), label: z.string(), count: z.number().int() });

/**
 * Counts beside each filter value. Each dimension is counted with the other dimensions' filters
 * applied but not its own (choosing a category does not hide the other categories' counts).
 */
export const SearchFacets = z.object({
  /** products matching the text and every filter */
  total: z.number().int(),
  /** true when the text matched more products than are counted (counts are then of the first ones) */
  capped: z.boolean(),
  categories: z.array(FacetCount.extend({ id: z.number().int() })),
  /** one per PRICE_BANDS entry, `value` as "from-to" (rupees; "10000-" for the last) */
  prices: z.array(FacetCount.extend({ from: z.number(), to: z.number().nullable() })),
  /** products for sale now (untracked stock counts as for sale) */
  inStock: z.number().int(),
  /**
   * option values (e.g. Battery: included) of the matching products' variants, each option counted
   * with the other filters (and the other options' values) applied, not its own; `value` is what
   * `option=` takes ("Battery:included")
   */
  options: z.array(z.object({ name: z.string(), values: z.array(FacetCount) })),
});
export type SearchFacets = z.infer<typeof SearchFacets>;

/** GET /api/search/facets: the search text (optional: without it, every product, e.g. a category page) and the filters. */
export const FacetsQuery = refined(z.object({ q: z.string().max(2000).optional() }));
