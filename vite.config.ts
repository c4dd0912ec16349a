import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3001';

/**
 * In production the server puts the public runtime configuration into index.html.
 * The dev server does the same by asking the API for it; without an API the
 * storefront falls back to its defaults (web/src/lib/config.ts).
 */
function devShopConfig(): Plugin {
  return {
    name: 'shop-dev-config',
    apply: 'serve',
    async transformIndexHtml() {
      try {
        const res = await fetch(`${apiTarget}/api/config`, { signal: AbortSignal.timeout(1500) });
        if (!res.ok) return [];
        const json = JSON.stringify(await res.json()).replace(/</g, '\\u003c');
        return [{ tag: 'script', attrs: { type: 'application/json', id: 'shop-config' }, children: json, injectTo: 'head' }];
      } catch {
        return [];
      }
    },
  };
}

/**
 * Every text asset of the build also as `.br` (brotli 11) and `.gz` (gzip 9), made once at build
 * time: the server sends these files as they are (@fastify/static `preCompressed`) instead of
 * compressing on each request at a lower quality.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/.test(f))) {
        const data = fs.readFileSync(file);
        if (data.length < 256) continue;
        const br = zlib.brotliCompressSync(data, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
        const gz = zlib.gzipSync(data, { level: 9 });
        if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * `vite build --ssr` builds the server's drawing of the first page (web/src/app/entry-server.tsx)
 * into the web build's `.ssr/` folder (never served: the server serves no dot folders), with its
 * libraries bundled in, as the server's own build is.
 */
const ssrBuild = {
  outDir: fileURLToPath(new URL('./dist/web/.ssr', import.meta.url)),
  emptyOutDir: true,
  target: 'node20',
  copyPublicDir: false,
  minify: true,
};

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react(), tailwindcss(), devShopConfig(), ...(isSsrBuild ? [] : [precompress()])],
  ssr: { noExternal: true },
  // One name for the code shared by server and web, one for the web app's own folders (tsconfig.json "paths", vitest.config.ts).
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared/src', import.meta.url)),
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
    },
  },
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
        emptyOutDir: true,
        target: 'es2022',
        // The bundle-size budget is checked by bench/bundle; Vite's warning is noise here.
        chunkSizeWarningLimit: 600,
        rolldownOptions: {
          output: {
            // The libraries in chunks of their own: they change far less often than the app's code, so a
            // new release leaves them in the browser's cache.
            codeSplitting: {
              groups: [
                { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
                { name: 'carousel', test: /node_modules[\\/]embla-carousel/ },
              ],
            },
          },
        },
      },
  server: {
    port: 3000,
    strictPort: true,
    proxy: Object.fromEntries(['/api', '/uploads', '/sitemap.xml', '/robots.txt'].map((p) => [p, { target: apiTarget }])),
  },
  preview: { port: 3000 },
}));
