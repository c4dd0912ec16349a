import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADVERT_IMAGE_SIZES, PRODUCT_IMAGE_SIZES, srcSet } from '@shared/images';
import { messages } from '@shared/messages';
import { PolicySlug } from '@shared/policies.schemas';
import * as policies from '../modules/policies/policies.service';
import { refinementFrom, searchApiPath } from '@shared/search-filters';
import * as adverts from '../modules/adverts/adverts.service';
import * as catalogue from '../modules/catalogue/catalogue.service';
import { jsonLdScript, productStructuredData } from '../modules/catalogue/structured-data';
import { createPageDrawer, jsonScript, START_APP_SCRIPT, type DrawnPage } from './first-paint';
import { maintenancePage } from './maintenance-page';

/** The policy pages (decision 049): drawn on the server like the catalogue's. */
const POLICY_PAGE = /^\/policies\/(terms|privacy|refunds|shipping|contact)$/;

/** Client routes of the single-page app; anything else gets the app with status 404. */
const APP_ROUTES = [
  /^\/$/,
  /^\/searchquer$/,
  /^\/product\/[^/]+$/,
  /^\/category\/[^/]+$/,
  /^\/(cart|login|3dprinting|soon|Orders|orders|orderSucess|orderFail|editprofile)$/,
  /^\/admin(\/.*)?$/,
  /^\/(verify-email|reset-password)$/,
  POLICY_PAGE,
];

const escapeHtml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The build's stylesheets in the page itself: the first paint then waits for no other request
 * (the stylesheet is small, and the page is sent compressed from the page cache).
 */
function inlineStylesheets(html: string, distDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g, (tag, href: string) => {
    const file = path.join(distDir, href);
    if (!fs.existsSync(file)) return tag;
    return `<style>${fs.readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/**
 * The shop's SVG icon in the page as a data: URL. Chromium asks for a linked icon once the document
 * has loaded, about when the page's main picture arrives, and a request that finishes before the
 * picture is painted counts in Lighthouse's simulated LCP as if the paint had waited for it
 * (decision 091). The icon is a few hundred bytes; the file stays for everything else that links it.
 */
function inlineIcon(html: string, distDir: string): string {
  return html.replace(/(<link rel="icon" type="image\/svg\+xml" href=")(\/[\w.-]+\.svg)"/, (tag, open: string, href: string) => {
    const file = path.join(distDir, href);
    if (!fs.existsSync(file) || fs.statSync(file).size > MAX_INLINE_ICON) return tag;
    return `${open}data:image/svg+xml,${encodeURIComponent(fs.readFileSync(file, 'utf8').trim())}"`;
  });
}

/** An icon larger than this stays a file of its own. */
const MAX_INLINE_ICON = 4096;

/**
 * A drawn page in the page: the drawing in place of the header shell (in a disabled fieldset, so
 * that its buttons and fields wait for the app, which hydrates it, while its links work), the
 * answer it was drawn with, and the app's code listed for START_APP_SCRIPT to fetch and start once
 * the largest image is on screen, instead of fetched at once beside it.
 */
function withDrawing(html: string, drawn: DrawnPage): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) return html;
  const modules = [entry[1]!];
  const page = html
    .replace(entry[0], '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => (modules.push(href), ''));
  const open = page.indexOf('<div id="root">');
  const close = page.lastIndexOf('</div>', page.indexOf('<noscript>'));
  if (open < 0 || close < open) return html;
  const drawing = `<div id="root"><fieldset data-drawing disabled role="none" style="display:contents">${drawn.html}</fieldset></div>`;
  return (page.slice(0, open) + drawing + page.slice(close + '</div>'.length)).replace(
    '</body>',
    `${jsonScript('first-page-data', drawn.data)}${jsonScript('app-modules', modules)}<script type="module">${START_APP_SCRIPT}</script></body>`,
  );
}

/**
 * Serves the built web app: hashed assets with long cache lives, and index.html
 * for every app route with the public configuration and, on product pages, the
 * title, description and Open Graph tags filled in on the server (link previews
 * and crawlers do not run JavaScript).
 */
export async function webPlugin(app: FastifyInstance) {
  const { config } = app;
  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const template = hasBuild
    ? fs.readFileSync(indexFile, 'utf8')
    : '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><p>The web app is not built. Run <code>npm run build</code>.</p></body></html>';
  const configTag = jsonScript('shop-config', config.public);
  // The built page carries the default shop name (title, header shell); use the configured one.
  const named = inlineIcon(inlineStylesheets(template.replaceAll('Robokits India', escapeHtml(config.public.shopName)), config.webDistDir), config.webDistDir);
  const baseHtml = named.replace('</head>', `${configTag}</head>`);
  const drawPage = createPageDrawer(config, config.public, app.log);

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build holds .br and .gz files (brotli 11, gzip 9) beside each text asset: sent as they are,
      // through their asset's address. Not routes of their own: with wildcard false every file found
      // is a GET and a HEAD route built at start, and these copies were half of them (decision 094).
      globIgnore: ['**/*.br', '**/*.gz'],
      serve: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  /** A policy page's title, description and canonical address. */
  async function policyHead(url: string): Promise<string | null> {
    const slug = PolicySlug.safeParse(POLICY_PAGE.exec(url)?.[1]);
    if (!slug.success) return null;
    const page = await policies.policyPage(app.db, config, slug.data);
    return [
      `<title>${escapeHtml(`${page.title} | ${config.public.shopName}`)}</title>`,
      `<meta name="description" content="${escapeHtml(page.description)}">`,
      `<meta property="og:title" content="${escapeHtml(page.title)}">`,
      `<link rel="canonical" href="${escapeHtml(`${config.publicUrl}${url}`)}">`,
    ].join('');
  }

  async function productHead(url: string): Promise<string | null> {
    const policy = await policyHead(url);
    if (policy) return policy;
    const match = /^\/product\/(\d{1,10})$/.exec(url);
    if (!match) return null;
    try {
      const { product: p, categoryId } = await catalogue.productWithCategory(app.db, Number(match[1]));
      const desc = p.description.replace(/\s+/g, ' ').slice(0, 160);
      const image = p.images[0] ? `${config.publicUrl}${p.images[0]}` : null;
      return [
        `<title>${escapeHtml(`${p.title} | ${config.public.shopName}`)}</title>`,
        `<meta name="description" content="${escapeHtml(desc)}">`,
        `<meta property="og:type" content="product">`,
        `<meta property="og:title" content="${escapeHtml(p.title)}">`,
        `<meta property="og:description" content="${escapeHtml(desc)}">`,
        `<meta property="og:url" content="${escapeHtml(`${config.publicUrl}${url}`)}">`,
        image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
        // The page's largest image: fetched while the app's code loads.
        p.images[0]
          ? `<link rel="preload" as="image" imagesrcset="${escapeHtml(srcSet(p.images[0]))}" imagesizes="${PRODUCT_IMAGE_SIZES}" fetchpriority="high">`
          : '',
        `<meta property="product:price:amount" content="${p.price.toFixed(2)}">`,
        `<meta property="product:price:currency" content="INR">`,
        // Price, availability and breadcrumbs for search engines (decision 046).
        ...productStructuredData(p, { publicUrl: config.publicUrl, shopName: config.public.shopName, categoryId }).map(jsonLdScript),
      ].join('');
    } catch {
      return null;
    }
  }

  /**
   * Preload hints for the first page's data (and, on the home page, its largest
   * image), so the browser fetches them while the app's code is still loading.
   * The URLs are exactly those the app requests.
   */
  async function preloadHints(url: string, query: URLSearchParams, drawn: boolean): Promise<string> {
    const fetchHint = (href: string) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}">`;
    if (url === '/') {
      const [first] = await adverts.listAdverts(app.db);
      const image = first
        ? `<link rel="preload" as="image" imagesrcset="${escapeHtml(srcSet(first.url))}" imagesizes="${ADVERT_IMAGE_SIZES}" fetchpriority="high">`
        : '';
      return (drawn ? '' : fetchHint('/api/storefront/home')) + image;
    }
    // A drawn page carries its answer.
    if (drawn) return '';
    const product = /^\/product\/(\d{1,10})$/.exec(url);
    if (product) return fetchHint(`/api/product/${product[1]}`);
    const q = query.get('q')?.trim();
    if (url === '/searchquer' && q && q.length <= 2000) return fetchHint(searchApiPath(q, refinementFrom(query)));
    return '';
  }

  async function sendApp(req: FastifyRequest, reply: FastifyReply) {
    const [url = '/', search = ''] = req.url.split('?');
    const known = APP_ROUTES.some((r) => r.test(url));
    if (config.maintenanceMode && !url.startsWith('/admin')) {
      return reply
        .code(503)
        .header('Retry-After', '600')
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(maintenancePage(config.public.shopName));
    }
    const page = async () => {
      let html = baseHtml;
      const head = await productHead(url);
      if (head) {
        html = html.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
      }
      const drawn = known ? await drawPage(app.db, req.url) : null;
      const hints = known ? await preloadHints(url, new URLSearchParams(search), drawn !== null) : '';
      html = html.replace('</head>', `${head ?? ''}${hints}</head>`);
      return drawn ? withDrawing(html, drawn) : html;
    };
    if (!known) {
      return reply
        .code(404)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(await page());
    }
    // The page is the same for every visitor (the app asks for the shopper's own data itself).
    return app.publicCache.respond(req, reply, `page ${req.url}`, async () => ({
      status: 200,
      type: 'text/html; charset=utf-8',
      body: await page(),
    }));
  }

  app.setNotFoundHandler(async (req, reply) => {
    // A missing script or stylesheet (say, from a page built before the last deploy) must fail as
    // such: answering it with the page would make the browser refuse it for its MIME type.
    const isFile = /^\/assets\/|\.[a-z0-9]{1,8}$/i.test(req.url.split('?')[0] ?? '');
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !isFile && !req.url.startsWith('/api/') && !req.url.startsWith('/uploads/');
    if (isPage) return sendApp(req, reply);
    return reply.code(404).send({ message: messages.notFound, code: 'not_found' });
  });
}
