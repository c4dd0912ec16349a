import { z } from 'zod';

/**
 * Filters and sorting of search results and category pages (issue 26, decision 046): the query
 * parameters the API reads and the web page keeps in its URL, the same names in both.
 */

export const SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type Sort = (typeof SORTS)[number];

export const sortLabels: Record<Sort, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest first',
};

/** Largest price a filter may name, in rupees (a product costs less than this). */
const MAX_FILTER_RUPEES = 10_000_000;

/** An option value filter: "Name:value" (the name up to the first colon; the lengths the admin allows). */
const OPTION_VALUE = /^[^:]{1,40}:.{1,60}$/s;
const MAX_OPTION_FILTERS = 20;

/** "Battery:included" as the option's name and value. */
export function optionFilterOf(text: string): { name: string; value: string } {
  const at = text.indexOf(':');
  return { name: text.slice(0, at), value: text.slice(at + 1) };
}

/** An option value as the `option` parameter writes it. */
export const optionParam = (name: string, value: string) => `${name}:${value}`;

/** '' (an empty box in a form) is no value. */
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

const rupees = (name: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, `${name} must be a number of rupees, e.g. 500 or 499.50`)
      .transform(Number)
      .pipe(z.number().max(MAX_FILTER_RUPEES, `${name} must be at most ${MAX_FILTER_RUPEES}`))
      .optional(),
  );

/** The filters and the order (all optional: none set is the plain search or listing), as fields to add to a query schema. */
export const RefinementFields = z.object({
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
        .array(z.string().regex(OPTION_VALUE, 'option must read Name:value, e.g. Battery:included'), { message: 'option must read Name:value, e.g. Battery:included' })
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

export const Refinement = refined(z.object({}));
export type Refinement = z.infer<typeof RefinementFields>;

/** True when the refinement asks for anything (a filter, or an order other than the default). */
export function isRefined(r: Refinement): boolean {
  return (
    (r.sort !== undefined && r.sort !== 'relevance') ||
    r.minPrice !== undefined ||
    r.maxPrice !== undefined ||
    r.inStock === true ||
    r.category !== undefined ||
    (r.option !== undefined && r.option.length > 0)
  );
}

/** The refinement as query parameters, in a fixed order (so equal refinements make equal URLs and cache keys). */
export function refinementParams(r: Refinement): [string, string][] {
  const out: [string, string][] = [];
  if (r.category !== undefined) out.push(['category', r.category]);
  if (r.minPrice !== undefined) out.push(['minPrice', String(r.minPrice)]);
  if (r.maxPrice !== undefined) out.push(['maxPrice', String(r.maxPrice)]);
  if (r.inStock) out.push(['inStock', '1']);
  for (const o of [...new Set(r.option ?? [])].sort()) out.push(['option', o]);
  if (r.sort !== undefined && r.sort !== 'relevance') out.push(['sort', r.sort]);
  return out;
}

/** Reads a refinement from URL parameters, dropping what does not parse (a hand-edited URL shows the plain page). */
export function refinementFrom(params: URLSearchParams): Refinement {
  const raw: Record<string, unknown> = Object.fromEntries(['sort', 'minPrice', 'maxPrice', 'inStock', 'category'].flatMap((k) => (params.has(k) ? [[k, params.get(k)]] : [])));
  const options = params.getAll('option').filter((o) => OPTION_VALUE.test(o));
  if (options.length > 0) raw.option = options.slice(0, MAX_OPTION_FILTERS);
  const parsed = Refinement.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Keep each part that is valid on its own.
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const one = Refinement.safeParse({ [k]: v });
    if (one.success) Object.assign(out, one.data);
  }
  return out as Refinement;
}

/** Price bands counted beside the price filter, in rupees (`to` exclusive; null: no upper end). */
export const PRICE_BANDS: { from: number; to: number | null }[] = [
  { from: 0, to: 500 },
  { from: 500, to: 1000 },
  { from: 1000, to: 2500 },
  { from: 2500, to: 5000 },
  { from: 5000, to: 10000 },
  { from: 10000, to: null },
];

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

/** Related products shown on a product page. */
export const RELATED_PRODUCTS = 4;

/** The search API's path for a text and a refinement: exactly the plain search's when nothing is refined. */
export function searchApiPath(query: string, r: Refinement): string {
  const params = refinementParams(r);
  const search = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
  return `/api/products/search/${encodeURIComponent(query)}${search}`;
}
