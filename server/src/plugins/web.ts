import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../../shared/src/messages';
import * as catalogue from '../modules/catalogue/catalogue.service';
import { maintenancePage } from './maintenance-page';

/** Client routes of the single-page app; anything else gets the app with status 404. */
const APP_ROUTES = [
  /^\/$/,
  /^\/searchquer$/,
  /^\/product\/[^/]+$/,
  /^\/category\/[^/]+$/,
  /^\/(cart|login|3dprinting|soon|Orders|orders|orderSucess|orderFail|editprofile)$/,
  /^\/admin(\/.*)?$/,
  /^\/(verify-email|reset-password)$/,
];

const escapeHtml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

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
  const configTag = `<script type="application/json" id="shop-config">${JSON.stringify(config.public).replace(/</g, '\\u003c')}</script>`;
  const baseHtml = template.replace('</head>', `${configTag}</head>`);

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      index: false,
      wildcard: false,
      serve: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  async function productHead(url: string): Promise<string | null> {
    const match = /^\/product\/(\d{1,10})$/.exec(url);
    if (!match) return null;
    try {
      const p = await catalogue.getProduct(app.db, Number(match[1]));
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
        `<meta property="product:price:amount" content="${p.price.toFixed(2)}">`,
        `<meta property="product:price:currency" content="INR">`,
      ].join('');
    } catch {
      return null;
    }
  }

  async function sendApp(req: FastifyRequest, reply: FastifyReply) {
    const url = req.url.split('?')[0] ?? '/';
    const known = APP_ROUTES.some((r) => r.test(url));
    if (config.maintenanceMode && !url.startsWith('/admin')) {
      return reply
        .code(503)
        .header('Retry-After', '600')
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(maintenancePage(config.public.shopName));
    }
    let html = baseHtml;
    const head = await productHead(url);
    if (head) {
      html = html
        .replace(/<title>[\s\S]*?<\/title>/, '')
        .replace(/<meta name="description"[^>]*>/, '')
        .replace('</head>', `${head}</head>`);
    }
    return reply
      .code(known ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.setNotFoundHandler(async (req, reply) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/') && !req.url.startsWith('/uploads/');
    if (isPage) return sendApp(req, reply);
    return reply.code(404).send({ message: messages.notFound, code: 'not_found' });
  });
}
