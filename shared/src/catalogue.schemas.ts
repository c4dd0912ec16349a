import { z } from 'zod';

/** A product's option and its values in order, e.g. Battery: included / not included (decision 045). */
export const ProductOption = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof ProductOption>;

/** One combination of option values, sold on its own: price in rupees, stock null when not tracked. */
export const ProductVariant = z.object({
  id: z.number().int(),
  sku: z.string().nullable(),
  options: z.record(z.string(), z.string()),
  price: z.number(),
  stock: z.number().int().nullable(),
  /** shipping weight in grams, when it differs from the product's or the product has none */
  weight: z.number().int().optional(),
  image: z.string().optional(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

/** A part of a kit: a product or one of its variants, `quantity` of it in each kit. */
export const KitPart = z.object({
  productId: z.number().int(),
  variantId: z.number().int().optional(),
  quantity: z.number().int(),
  /** the part's title (with the variant's option values) */
  title: z.string(),
});
export type KitPart = z.infer<typeof KitPart>;

/** Product as the API shows it (SPEC.md §3): price in rupees, images as server-relative paths. */
export const Product = z.object({
  id: z.number().int(),
  title: z.string(),
  price: z.number(),
  description: z.string(),
  images: z.array(z.string()),
  category: z.string(),
  /** units for sale; null when the shop does not track this product's stock */
  stock: z.number().int().nullable(),
  /** tracked stock only: at or below this many units the shop is mailed (decision 047) */
  lowStockThreshold: z.number().int().optional(),
  /** shipping weight in grams, when the shop gave one */
  weight: z.number().int().optional(),
  /** a product with options: its options and variants (`price` is then the lowest variant price, `stock` their sum) */
  options: z.array(ProductOption).optional(),
  variants: z.array(ProductVariant).optional(),
  /** a kit: its parts, and the kits its parts allow now (null: no part's stock is tracked; `stock` says the same) */
  parts: z.array(KitPart).optional(),
  available: z.number().int().nullable().optional(),
  /** one product's page: the kits it is a part of */
  usedIn: z.array(z.object({ id: z.number().int(), title: z.string() })).optional(),
});
export type Product = z.infer<typeof Product>;

/** Category as SPEC.md §7 shows it: `{Id, type}`. */
export const Category = z.object({
  Id: z.number().int(),
  type: z.string(),
});
export type Category = z.infer<typeof Category>;

export const AdvertImage = z.object({
  id: z.number().int(),
  url: z.string(),
});
export type AdvertImage = z.infer<typeof AdvertImage>;

/** Largest id the database holds; anything else is not an id. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id in a path segment. */
export const IdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_ID)),
});

const PRODUCT_PAGE_DEFAULT = 100;
const PRODUCT_PAGE_MAX = 500;

export const ProductListQuery = z.object({
  category: z.string().trim().max(200).optional(),
  q: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(PRODUCT_PAGE_MAX).default(PRODUCT_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const SEARCH_PAGE_DEFAULT = 60;
const SEARCH_PAGE_MAX = 200;
/** Search answers at most this many products in all (pages beyond are empty). */
export const SEARCH_MAX_RESULTS = 500;

export const SearchQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(SEARCH_MAX_RESULTS).default(0),
});

/** Products shown per category section on the home page; the rest is one click away. */
export const HOME_SECTION_SIZE = 12;

export const HomeSection = z.object({
  category: Category,
  total: z.number().int(),
  products: z.array(Product),
});
export const HomePage = z.object({
  adverts: z.array(AdvertImage),
  sections: z.array(HomeSection),
});
export type HomeSection = z.infer<typeof HomeSection>;
export type HomePage = z.infer<typeof HomePage>;

export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Public runtime configuration the storefront receives from the server. */
export const PublicConfig = z.object({
  shopName: z.string(),
  homeSiteUrl: z.string(),
  links: z.object({
    about: z.string(),
    privacy: z.string(),
    contact: z.string(),
    feePayments: z.string(),
    instagram: z.string(),
    youtube: z.string(),
    linkedin: z.string(),
    facebook: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
