import type { App } from '../../app-types';
import { POLICY_SLUGS, policyPath } from '@shared/policy-pages';
import * as catalogue from '../catalogue/catalogue.service';

/** A sitemap holds at most 50,000 addresses. */
const SITEMAP_MAX_PRODUCTS = 49_000;

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export async function seoRoutes(app: App) {
  const base = app.config.publicUrl;

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /cart',
      'Disallow: /login',
      'Disallow: /editprofile',
      'Disallow: /Orders',
      'Disallow: /orders',
      'Disallow: /api/',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const [categories, productIds] = await Promise.all([catalogue.listCategories(app.db), catalogue.allProductIds(app.db, SITEMAP_MAX_PRODUCTS)]);
    const urls = [
      `${base}/`,
      `${base}/3dprinting`,
      ...POLICY_SLUGS.map((slug) => `${base}${policyPath(slug)}`),
      ...categories.map((c) => `${base}/category/${c.Id}`),
      ...productIds.map((id) => `${base}/product/${id}`),
    ];
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      urls.map((u) => `  <url><loc>${xmlEscape(u)}</loc></url>`).join('\n') +
      '\n</urlset>\n';
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);
  });
}
