import { fileURLToPath } from 'node:url';
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

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react(), tailwindcss(), devShopConfig()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // The bundle-size budget is checked by bench/bundle; Vite's warning is noise here.
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: Object.fromEntries(['/api', '/uploads', '/sitemap.xml', '/robots.txt'].map((p) => [p, { target: apiTarget }])),
  },
  preview: { port: 3000 },
});
