// Lint rules, including the import boundaries between the parts of the repo:
// shared/ is pure (no Node, no DOM, no server or web code), web/ never imports
// server/, server/ never imports web/, and the storefront never imports the
// admin dashboard (which is loaded lazily through the router only). Shared code
// is imported as '@shared/…', and route modules never reach repositories.
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const tsconfigPath = fileURLToPath(new URL('./tsconfig.json', import.meta.url));
const noServer = { group: ['**/server/**', '../server/*'], message: 'web/ and shared/ must not import server code.' };
const noWeb = { group: ['**/web/**'], message: 'server/ and shared/ must not import web code.' };
const noClimb = { group: ['**/shared/src', '**/shared/src/*'], message: "Import shared code as '@shared/…' (tsconfig.json paths), not by climbing folders." };
const noRepository = {
  group: ['**/*.repository', './*.repository'],
  message: 'Routes call services; services own the rules and transactions, repositories the SQL.',
};
const noAdmin = {
  group: ['**/features/admin', '**/features/admin/**', '**/app/routes/admin*'],
  message: 'The storefront must not import admin code; the router loads it lazily.',
};
const browserOnly = { group: ['node:*'], message: 'web/ runs in the browser.' };
const web = [noServer, noClimb, browserOnly];
// web/src is made of parts: app/, components/, lib/ and one folder per feature. Within a part imports are
// relative; from one part to another they are '@/…' (tsconfig.json paths; scripts/alias-imports.mjs
// rewrites climbing imports). A feature reaches another only through its public files (below).
const noFolderClimb = {
  regex: '^\\.\\./\\.\\./',
  message: "Import another part of web/src as '@/…' (node scripts/alias-imports.mjs), not by climbing folders.",
};
// A feature's public files: what other features may import of it (docs/decisions/056). Any other file of a
// feature is its own; move what several features need to web/src/lib or web/src/components instead.
const publicFiles = {
  auth: ['api/get-me', 'components/user-menu', 'hooks/use-session', 'hooks/use-shopper-query'],
  cart: ['api/get-cart', 'hooks/use-cart-count'],
  catalogue: ['api/get-categories', 'components/product-image'],
  layout: ['components/nav-menu'],
  orders: ['api/get-orders', 'lib/order-format'],
  search: ['components/search-box'],
};
const noFeatureInside = {
  regex: `^@/features/(?!(${Object.entries(publicFiles)
    .flatMap(([f, files]) => files.map((file) => `${f}/${file}`))
    .join('|')})$)`,
  message:
    "Another feature's inner file: import only its public files (publicFiles in eslint.config.js), or move the shared piece to web/src/lib or web/src/components; within a feature, import relatively.",
};
const noUpward = {
  regex: '^@/(app|features)(/|$)',
  message: 'web/src/lib and web/src/components serve the features and the app; they never import them.',
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', '.tmp', 'test-results', 'playwright-report', 'bench/.out', 'stryker.config.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No import circles in the app's code. Type-only imports do not count (they vanish at build time);
    // tests are left out: they import the code they test, never the other way round.
    files: ['server/src/**', 'web/src/**', 'shared/src/**'],
    ignores: ['**/*.test.*'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], tsconfig: { configFile: tsconfigPath } })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'e2e/**', '*.config.*'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['server/**', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noClimb] }] },
  },
  {
    files: ['server/src/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noClimb, noRepository] }] },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noServer, noWeb, { group: ['node:*', 'react', 'react-dom', 'react-*'], message: 'shared/ is pure.' }],
        },
      ],
    },
  },
  {
    files: ['web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A region that scrolls (a long table, a wide chart) takes the focus so that a keyboard can scroll it
      // (axe's scrollable-region-focusable); it is named and has a role.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region', 'group'] }],
      ...restrict(...web),
    },
  },
  {
    files: ['web/src/**'],
    ignores: ['web/src/features/**', 'web/src/lib/**', 'web/src/components/**', 'web/src/app/router.tsx'],
    rules: restrict(...web, noFolderClimb, noAdmin),
  },
  { files: ['web/src/app/router.tsx'], rules: restrict(...web, noFolderClimb) },
  { files: ['web/src/lib/**', 'web/src/components/**'], rules: restrict(...web, noFolderClimb, noUpward) },
  { files: ['web/src/features/admin/**'], rules: restrict(...web, noFolderClimb, noFeatureInside) },
  {
    files: ['web/src/features/**'],
    ignores: ['web/src/features/admin/**'],
    rules: restrict(...web, noFolderClimb, noFeatureInside, noAdmin),
  },
);
