import type { Db } from '../../db/database';
import type { Category, Product, ProductListQuery } from '@shared/catalogue.schemas';
import { HOME_SECTION_SIZE, type HomeSection } from '@shared/catalogue.schemas';
import { messages } from '@shared/messages';
import { formatRupees, paiseToRupees } from '@shared/money';
import { isRefined, optionParam, PRICE_BANDS, RELATED_PRODUCTS, type Refinement } from '@shared/search-filters';
import type { SearchFacets } from '@shared/search-filters.schemas';
import { badRequest, notFound } from '../../errors';
import { andThen, type MaybePromise } from '../../maybe-promise';
import * as refine from '../search/search-refine.service';
import * as search from '../search/search.service';
import * as repo from './catalogue.repository';
import * as variants from './variants.service';
import { keptProductsByIds } from './public-products';

/** Products in the order of the ids given, as the API shows them. */
export async function productsByIds(db: Db, ids: number[]): Promise<Product[]> {
  const rows = await repo.findShownProductsByIds(db, ids);
  const structured = rows.filter((r) => r.structured).map((r) => r.id);
  const structures = structured.length > 0 ? await variants.structuresOf(db, structured) : new Map<number, variants.Structure>();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const structure = structures.get(id);
    const shown = variants.shownPriceAndStock(structure, Number(r.price_paise), r.stock === null ? null : Number(r.stock));
    return [
      {
        id: r.id,
        title: r.title,
        price: paiseToRupees(shown.pricePaise),
        description: r.description,
        images: r.images,
        category: r.category,
        stock: shown.stock,
        ...(r.stock !== null ? { lowStockThreshold: Number(r.low_stock_threshold) } : {}),
        ...(r.weight_grams !== null ? { weight: Number(r.weight_grams) } : {}),
        ...variants.addedFields(structure),
      },
    ];
  });
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const [product] = await productsByIds(db, [id]);
  if (!product) throw notFound(messages.productNotFound, 'product_not_found');
  return product;
}

/** A product and its category's Id (for the page's breadcrumbs); 404 for an unknown product. */
export async function productWithCategory(db: Db, id: number): Promise<{ product: Product; categoryId: number | null }> {
  const product = await getProduct(db, id);
  const category = await repo.findCategoryByType(db, product.category);
  return { product, categoryId: category?.id ?? null };
}

/** One product's page: the product, and the kits it is a part of ("Used in these kits"). */
export async function productPage(db: Db, id: number): Promise<Product> {
  const [product, usedIn] = await Promise.all([getProduct(db, id), variants.kitsUsing(db, id)]);
  return usedIn.length > 0 ? { ...product, usedIn } : product;
}

/** Resolves `?category=` given as an Id or as the category's name (any case). */
async function resolveCategory(db: Db, value: string) {
  return /^\d{1,10}$/.test(value) ? repo.findCategoryById(db, Number(value)) : repo.findCategoryByType(db, value);
}

/** The public, paginated product listing; a category that does not exist lists nothing. */
export async function listProducts(db: Db, query: ProductListQuery & Refinement): Promise<{ products: Product[]; total: number }> {
  const category = query.category;
  if (isRefined({ ...query, category: undefined })) {
    if (query.q?.trim()) throw badRequest('Filters and sorting apply to a category; to filter by text, use the search', 'filters_with_text');
    const { ids, total } = await refine.refinedListing(db, await refine.docFilter(db, query), query.sort, query);
    return { products: await keptProductsByIds(db, ids, (missing) => productsByIds(db, missing)), total };
  }
  return listing(db, query, category ? () => resolveCategory(db, category) : null);
}

/**
 * The original's GET api/products/:category: the products of the category with this
 * type text (whatever its case), paginated like the listing; none when there is no such category.
 */
export async function productsOfCategory(db: Db, type: string, page: { limit: number; offset: number }): Promise<{ products: Product[]; total: number }> {
  return listing(db, page, () => repo.findCategoryByType(db, type));
}

async function listing(
  db: Db,
  query: { q?: string; limit: number; offset: number },
  findCategory: (() => Promise<{ id: number } | undefined>) | null,
): Promise<{ products: Product[]; total: number }> {
  const filter: repo.ProductFilter = { titleContains: query.q?.trim() || undefined };
  if (findCategory) {
    const category = await findCategory();
    if (!category) return { products: [], total: 0 };
    filter.categoryId = category.id;
  }
  const [ids, total] = await Promise.all([repo.listProductIds(db, filter, query), repo.countProducts(db, filter)]);
  return { products: await keptProductsByIds(db, ids, (missing) => productsByIds(db, missing)), total };
}

/**
 * "Nothing matches": an answer, not a failure, so made without a stack trace. Capturing one cost as
 * much of the main thread as the search itself in the profile of never-asked typo searches, most of
 * which match nothing (decision 043).
 */
function noMatch() {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return notFound(messages.noProductsMatch, 'no_match');
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The text searched for: the original web app's search page without `?q=` asks for "null", no query, as empty (decision 038). */
const searchedText = (query: string) => (query.trim() === 'null' ? '' : query);

export async function searchProducts(db: Db, query: string, page: { limit: number; offset: number } & Refinement): Promise<Product[]> {
  const text = searchedText(query);
  if (isRefined(page)) return refinedSearchProducts(db, text, page);
  const ids = await search.searchProductIds(db, text, page);
  if (ids.length === 0 && page.offset === 0) throw noMatch();
  return keptProductsByIds(db, ids, (missing) => productsByIds(db, missing));
}

/**
 * searchProducts' first page without filters, from the search index in memory (decisions 071,
 * 079): the products, none when it would answer "nothing matches" (404), null when the index in memory
 * cannot tell (not loaded, or not brought up to the latest change). At once when the index and the
 * kept products answer at once.
 */
export function searchInMemory(db: Db, query: string, limit: number): MaybePromise<Product[] | null> {
  return andThen(search.searchIdsInMemory(db, searchedText(query), { limit, offset: 0 }), (ids) => {
    if (ids === null) return null;
    if (ids.length === 0) return [];
    return keptProductsByIds(db, ids, (missing) => productsByIds(db, missing));
  });
}

/**
 * A search with filters or another order (decision 046). Still 404 when the text matches nothing;
 * when it matches but the filters leave nothing, an empty list (200): the page offers to clear them.
 */
async function refinedSearchProducts(db: Db, text: string, page: { limit: number; offset: number } & Refinement): Promise<Product[]> {
  const ids = await refine.refinedSearch(db, text, page, await refine.docFilter(db, page), page.sort);
  if (ids.length === 0 && page.offset === 0 && (await search.searchProductIds(db, text, { limit: 1, offset: 0 })).length === 0) throw noMatch();
  return keptProductsByIds(db, ids, (missing) => productsByIds(db, missing));
}

/** ₹1,000 for a whole number of rupees (a band's end). */
const wholeRupees = (rupees: number) => formatRupees(rupees).replace(/\.00$/, '');

/** Counts beside each filter value for a search (or, without text, every product: a category page). */
export async function searchFacets(db: Db, q: string | undefined, r: Refinement): Promise<SearchFacets> {
  const text = q?.trim() ? q : undefined;
  const counts = await refine.facetCounts(db, text, await refine.docFilter(db, r));
  return {
    total: counts.total,
    capped: counts.capped,
    categories: counts.categories.map((c) => ({ id: c.id, value: String(c.id), label: c.name, count: c.count })),
    prices: PRICE_BANDS.map((b, i) => ({
      from: b.from,
      to: b.to,
      value: `${b.from}-${b.to ?? ''}`,
      label:
        b.to === null ? `${wholeRupees(b.from)} and above` : b.from === 0 ? `Under ${wholeRupees(b.to)}` : `${wholeRupees(b.from)} to ${wholeRupees(b.to)}`,
      count: counts.prices[i] ?? 0,
    })),
    inStock: counts.inStock,
    options: counts.options.map((o) => ({
      name: o.name,
      values: o.values.map((v) => ({ value: optionParam(v.name, v.value), label: v.value, count: v.count })),
    })),
  };
}

/** A few other products of the product's category, for its page; 404 for an unknown product. */
export async function relatedProducts(db: Db, id: number): Promise<Product[]> {
  const ids = await refine.relatedProductIds(db, id, RELATED_PRODUCTS);
  if (ids.length === 0) await getProduct(db, id);
  return keptProductsByIds(db, ids, (missing) => productsByIds(db, missing));
}

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await repo.listCategories(db);
  return rows.map((r) => ({ Id: r.id, type: r.type }));
}

/** One section per category with its first products, for the home page. */
export async function homeSections(db: Db): Promise<HomeSection[]> {
  const [categories, counts] = await Promise.all([repo.listCategories(db), repo.countProductsByCategory(db)]);
  const withProducts = categories.filter((c) => (counts.get(c.id) ?? 0) > 0);
  const idLists = await Promise.all(withProducts.map((c) => repo.listProductIds(db, { categoryId: c.id }, { limit: HOME_SECTION_SIZE, offset: 0 })));
  const products = await keptProductsByIds(db, idLists.flat(), (missing) => productsByIds(db, missing));
  const byId = new Map(products.map((p) => [p.id, p]));
  return withProducts.map((c, i) => ({
    category: { Id: c.id, type: c.type },
    total: counts.get(c.id) ?? 0,
    products: (idLists[i] ?? []).map((id) => byId.get(id)).filter((p): p is Product => p !== undefined),
  }));
}

/** The product page's reads, once, for the first product (if any): warms a fresh database connection (db/database.ts warmConnections). */
export async function warmProductReads(db: Db): Promise<void> {
  const [id] = await repo.listProductIds(db, {}, { limit: 1, offset: 0 });
  if (id === undefined) return;
  await Promise.all([productsByIds(db, [id]), variants.structuresOf(db, [id])]);
}

/** Product ids in id order, at most `max` (for the sitemap). */
export async function allProductIds(db: Db, max: number): Promise<number[]> {
  return repo.listProductIds(db, {}, { limit: max, offset: 0 });
}
