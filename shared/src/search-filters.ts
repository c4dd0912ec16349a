/**
 * Filters and sorting of search results and category pages (issue 26, decision 046): the query
 * parameters the API reads and the web page keeps in its URL, the same names in both. Without zod:
 * the storefront's first load reads a URL's filters with this file (issue 12's budget: no zod on the
 * home page); the API's schemas for them are in search-filters.schemas.ts.
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
export const MAX_FILTER_RUPEES = 10_000_000;

/** An option value filter: "Name:value" (the name up to the first colon; the lengths the admin allows). */
export const OPTION_VALUE = /^[^:]{1,40}:.{1,60}$/s;
export const MAX_OPTION_FILTERS = 20;

/** "Battery:included" as the option's name and value. */
export function optionFilterOf(text: string): { name: string; value: string } {
  const at = text.indexOf(':');
  return { name: text.slice(0, at), value: text.slice(at + 1) };
}

/** An option value as the `option` parameter writes it. */
export const optionParam = (name: string, value: string) => `${name}:${value}`;

/** An amount of rupees as a filter names it (e.g. 500 or 499.50). */
export const RUPEES_TEXT = /^\d{1,8}(\.\d{1,2})?$/;

/** The filters and the order (all optional: none set is the plain search or listing). */
export interface Refinement {
  sort?: Sort;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  /** a category Id or name (any case) */
  category?: string;
  /** option values, each "Name:value" */
  option?: string[];
}

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

/** A price parameter's rupees, or undefined when the API's schema would refuse it. */
function rupeesFrom(text: string): number | undefined {
  if (!RUPEES_TEXT.test(text)) return undefined;
  const n = Number(text);
  return n <= MAX_FILTER_RUPEES ? n : undefined;
}

/**
 * Reads a refinement from URL parameters, dropping what does not parse (a hand-edited URL shows the
 * plain page): each parameter as the API's schema (search-filters.schemas.ts) reads it, checked
 * apart, as a test holds.
 */
export function refinementFrom(params: URLSearchParams): Refinement {
  const out: Refinement = {};
  const sort = params.get('sort');
  if (sort !== null && (SORTS as readonly string[]).includes(sort)) out.sort = sort as Sort;
  const minPrice = rupeesFrom(params.get('minPrice') ?? '');
  if (minPrice !== undefined) out.minPrice = minPrice;
  const maxPrice = rupeesFrom(params.get('maxPrice') ?? '');
  if (maxPrice !== undefined) out.maxPrice = maxPrice;
  const inStock = params.get('inStock');
  if (inStock === '1' || inStock === 'true') out.inStock = true;
  else if (inStock === '0' || inStock === 'false') out.inStock = false;
  const category = params.get('category')?.trim();
  if (category && category.length <= 200) out.category = category;
  const options = params.getAll('option').filter((o) => OPTION_VALUE.test(o));
  if (options.length > 0) out.option = options.slice(0, MAX_OPTION_FILTERS);
  return out;
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

/** Related products shown on a product page. */
export const RELATED_PRODUCTS = 4;

/** The search API's path for a text and a refinement: exactly the plain search's when nothing is refined. */
export function searchApiPath(query: string, r: Refinement): string {
  const params = refinementParams(r);
  const search = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
  return `/api/products/search/${encodeURIComponent(query)}${search}`;
}
