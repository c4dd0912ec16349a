import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { startTestShop } from './helpers/test-app';

const require = createRequire(import.meta.url);
/** Whether a package's CommonJS code has been loaded into this process. */
const loaded = (name: string) => Object.keys(require.cache).some((file) => file.includes(`/node_modules/${name}/`));

describe("Fastify's own compilers", () => {
  // Every route validates and serialises with zod: Ajv and fast-json-stringify, Fastify's defaults,
  // would be loaded (and their module code run) at every start for nothing (decision 073).
  it('are not loaded by the app, which gives its zod compilers as the factories', async () => {
    const shop = await startTestShop('sqlite', {}, { waitForSearch: false });
    try {
      for (const name of ['@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler', 'ajv']) expect(loaded(name), name).toBe(false);
      // The check sees them once a Fastify with the defaults is made.
      Fastify();
      expect(loaded('@fastify/ajv-compiler')).toBe(true);
    } finally {
      await shop.close();
    }
  });
});
