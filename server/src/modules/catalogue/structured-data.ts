import type { Product } from '@shared/catalogue.schemas';
import { availabilityOf } from '@shared/product-availability';
import { variantLabel } from '@shared/variants.schemas';

/**
 * Structured data for a product page (schema.org `Product` with its `Offer`, and the page's
 * `BreadcrumbList`), drawn with the page on the server so that search engines can show the price
 * and availability (issue 26 item 4, decision 046).
 */
export function productStructuredData(p: Product, site: { publicUrl: string; shopName: string; categoryId: number | null }): object[] {
  const url = `${site.publicUrl}/product/${p.id}`;
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.title,
    description: p.description,
    // A product keeps no SKU of its own: its id stands for one; variants carry theirs in their offers.
    sku: String(p.id),
    image: p.images.map((path) => `${site.publicUrl}${path}`),
    category: p.category,
    url,
    brand: { '@type': 'Brand', name: site.shopName },
    offers: offersOf(p, url, site.shopName),
  };
  const crumbs = [
    { name: 'Home', item: `${site.publicUrl}/` },
    ...(site.categoryId !== null ? [{ name: p.category, item: `${site.publicUrl}/category/${site.categoryId}` }] : []),
    { name: p.title, item: url },
  ];
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.item })),
  };
  return [product, breadcrumbs];
}

/**
 * The product's offers: one `Offer`; with variants, an `Offer` per variant with its SKU, price and
 * availability (decision 046, "Variants and kits"), rather than one `AggregateOffer`, which could say
 * neither which SKU is sold out nor what each costs. A kit's `stock` is already what its parts allow.
 */
function offersOf(p: Product, url: string, shopName: string) {
  const offer = (price: number, stock: number | null) => ({
    '@type': 'Offer',
    url,
    price: price.toFixed(2),
    priceCurrency: 'INR',
    availability: availabilityOf(stock).schemaOrg,
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: shopName },
  });
  if (!p.variants || p.variants.length === 0) return offer(p.price, p.stock);
  return p.variants.map((v) => ({
    ...offer(v.price, v.stock),
    name: `${p.title} (${variantLabel(v.options)})`,
    sku: v.sku ?? `${p.id}-${v.id}`,
  }));
}

/**
 * A `<script type="application/ld+json">` holding the value: `<`, `>` and `&` written as JSON
 * escapes (so no text of the shop's can close the element or open a comment), and the line
 * separators U+2028/U+2029 too.
 */
export function jsonLdScript(value: unknown): string {
  const json = JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/ld+json">${json}</script>`;
}
