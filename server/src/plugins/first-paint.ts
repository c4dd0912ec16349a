import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { HomePage, MAX_ID, Product, SearchQuery, type PublicConfig } from '@shared/catalogue.schemas';
import { refinementFrom } from '@shared/search-filters';
import type { Db } from '../db/database';
import type { Config } from '../config';
import { PolicySlug } from '@shared/policies.schemas';
import * as policies from '../modules/policies/policies.service';
import * as catalogue from '../modules/catalogue/catalogue.service';
import { getHomePage } from '../modules/storefront/storefront.service';

/**
 * The server's drawing of the storefront's first pages (home, a product, search results): the web
 * app's own components rendered to HTML with the answer the page shows first, so that a browser
 * paints the page, its largest image included, before the app's code has arrived and run. The
 * app then hydrates the drawing (web/src/app/main.tsx; decision 022).
 */

/** What the web build's server entry (web/src/app/entry-server.tsx) offers. */
interface PageRenderer {
  configure(shop: PublicConfig): void;
  renderPage(url: string, data: unknown): Promise<string>;
}

/** A drawn page: its HTML and the answer it was drawn with (sent along, for the app to start with). */
export interface DrawnPage {
  html: string;
  data: unknown;
}

/**
 * Starts the app once the page's largest image is on screen (or has failed, or after 3 s): fetches
 * the app's modules (listed in #app-modules, the entry first) and runs them. The image then has the
 * connection to itself and is on screen before the app's code takes the network and the main
 * thread, which on a slow phone are a few hundred milliseconds each. "On screen" is the picture's
 * Element Timing entry where the browser has them (Chromium; the picture carries `elementtiming`),
 * which comes once the frame with the picture has been presented: the picture's `load` event and the
 * next animation frame come before that frame is shown, and modules fetched then may arrive before
 * the largest paint, which Lighthouse then counts as part of it (decision 091). Elsewhere, the
 * picture's `load` event and the next frame. The modules are fetched at once but run one at a time,
 * the entry last, with a pause between them: each runs in its own task (React's bundle alone, then
 * the router, ...) instead of the whole graph in one long task that keeps a tap waiting. Their
 * dependencies still run before them. The same text always, so the Content-Security-Policy allows
 * it by its hash.
 */
export const START_APP_SCRIPT =
  '{const m=JSON.parse(document.getElementById("app-modules").textContent),i=document.querySelector("#root img[fetchpriority=high]"),P=window.PerformanceObserver;' +
  'let d=false;const load=async()=>{for(const h of m.slice(1)){const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l)}' +
  'for(const h of [...m.slice(1),m[0]]){await import(h);await new Promise((r)=>setTimeout(r))}};' +
  'const go=()=>{if(d)return;d=true;requestAnimationFrame(()=>setTimeout(load))};' +
  'if(!i)go();else{i.addEventListener("error",go);setTimeout(go,3000);' +
  'if(!(P&&(P.supportedEntryTypes||[]).includes("element")&&i.hasAttribute("elementtiming"))){if(i.complete)go();else i.addEventListener("load",go)}' +
  'else if(i.complete&&!i.naturalWidth)go();' +
  'else new P((l,o)=>{if(l.getEntries().some((e)=>e.element===i)){o.disconnect();go()}}).observe({type:"element",buffered:true})}}';

/** The CSP source that allows START_APP_SCRIPT and nothing else inline. */
export const START_APP_SCRIPT_CSP = `'sha256-${createHash('sha256').update(START_APP_SCRIPT).digest('base64')}'`;

/** The answer each drawn page shows first: the same as the API's (parsed by the same schema, so nothing more). */
async function firstPageData(db: Db, config: Config, pathname: string, query: URLSearchParams): Promise<unknown> {
  if (pathname === '/') return HomePage.parse(await getHomePage(db));
  const product = /^\/product\/(\d{1,10})$/.exec(pathname);
  if (product) {
    const id = Number(product[1]);
    return id >= 1 && id <= MAX_ID ? Product.parse(await catalogue.getProduct(db, id)) : undefined;
  }
  const policy = /^\/policies\/([a-z]+)$/.exec(pathname);
  if (policy) {
    const slug = PolicySlug.safeParse(policy[1]);
    return slug.success ? await policies.policyPage(db, config, slug.data) : undefined;
  }
  const q = query.get('q')?.trim();
  if (pathname === '/searchquer' && q && q.length <= 2000) {
    // With the filters and order of the URL (decision 046), as the app asks (web/src/app/prefetch.ts).
    return z.array(Product).parse(await catalogue.searchProducts(db, q, { ...SearchQuery.parse({}), ...refinementFrom(query) }));
  }
  return undefined;
}

/**
 * Draws pages with the web build's server entry, when the build has one (`npm run build` makes it;
 * without it, as under `npm run dev`, pages are sent undrawn). The entry is loaded on the first
 * page drawn, not at start.
 */
export function createPageDrawer(config: Config, shop: PublicConfig, log: { warn: (obj: object, msg: string) => void }) {
  const { webDistDir } = config;
  const entry = path.join(webDistDir, '.ssr', 'entry-server.js');
  const available = fs.existsSync(entry);
  let renderer: Promise<PageRenderer> | undefined;
  const load = () =>
    (renderer ??= (import(pathToFileURL(entry).href) as Promise<PageRenderer>).then((r) => {
      r.configure(shop);
      return r;
    }));

  /** The page at `url` drawn, or null when it is not one of the drawn pages or its answer is an error (not found, no match). */
  return async function drawPage(db: Db, url: string): Promise<DrawnPage | null> {
    if (!available) return null;
    const [pathname = '/', search = ''] = url.split('?');
    let data: unknown;
    try {
      data = await firstPageData(db, config, pathname, new URLSearchParams(search));
    } catch {
      return null; // not found, no match: the app shows that itself
    }
    if (data === undefined) return null;
    try {
      const html = await (await load()).renderPage(url, data);
      // React puts its own preload hints first; the page's head already has the ones that matter.
      return { html: html.replace(/^(<link [^>]*>)+/, ''), data };
    } catch (err) {
      log.warn({ err, url }, 'could not draw the page on the server; it is sent undrawn');
      return null;
    }
  };
}

/** A value in the page for the app to read (`#id`): JSON that cannot close its script element. */
export function jsonScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}
