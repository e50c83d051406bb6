// Flat ESLint config: typescript-eslint everywhere, React hooks on the web, and the import
// boundaries (shared <- api, shared <- web; lib/components <- features <- app; no feature imports
// another feature). Boundaries are checked on RESOLVED paths (import-x/no-restricted-paths with the
// TypeScript resolver), so `@/features/x`, `../../x/api/keys` and a workspace package name are
// caught alike; scripts/eslint-boundaries.test.mjs proves it.
import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = fileURLToPath(new URL('.', import.meta.url));
const web = './apps/web/src';
const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const api = './apps/api/src';
const webOnlyShared = 'La web solo usa el contrato de @donaciones/shared.';
const zones = [
  { target: './packages/shared', from: './apps', message: 'shared no importa nada de apps/.' },
  { target: './apps/api', from: './apps/web', message: 'La API no importa la web.' },
  { target: `${web}`, from: './apps/api', message: webOnlyShared },
  // The browser tests may start the API's test stand-ins (apps/api/test/support), never import its code.
  { target: './apps/web/e2e', from: './apps/api/src', message: webOnlyShared },
  { target: [`${web}/components`, `${web}/lib`], from: [`${web}/features`, `${web}/app`], message: 'components/ y lib/ no importan features/ ni app/.' },
  { target: `${web}/features`, from: `${web}/app`, message: 'Las features no importan app/.' },
  // Inside the API, dependencies point down and never round (docs/architecture.md): routes -> domain
  // -> platform/db; the capabilities others build on (ledger, receipts) import none built on them.
  { target: `${api}/domain`, from: [`${api}/routes`, `${api}/http`, `${api}/jobs`], message: 'domain/ no importa routes/, http/ ni jobs/.' },
  { target: `${api}/platform`, from: [`${api}/domain`, `${api}/routes`, `${api}/http`, `${api}/jobs`], message: 'platform/ no importa domain/, routes/, http/ ni jobs/.' },
  // The demo seed (db/seed*.ts) records its data through the domain, as the product would.
  { target: [`${api}/db/schema`, `${api}/db/client.ts`, `${api}/db/rows.ts`], from: [`${api}/domain`, `${api}/platform`, `${api}/routes`, `${api}/http`, `${api}/jobs`], message: 'db/ no importa domain/, platform/, routes/, http/ ni jobs/.' },
  {
    target: [`${api}/domain/ledger`, `${api}/domain/receipts`],
    from: [`${api}/domain/giving`, `${api}/domain/monthly`, `${api}/domain/payments`],
    message: 'ledger/ y receipts/ no importan giving/, monthly/ ni payments/.',
  },
  // Donor records are matched inside the donations' insert (migration 0022): the ledger and the receipts never call donors/.
  { target: [`${api}/domain/ledger`, `${api}/domain/receipts`], from: `${api}/domain/donors`, message: 'ledger/ y receipts/ no importan donors/.' },
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'Una feature no importa otra feature.',
  })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['scripts/**', 'bench/**', '**/*.config.*', 'apps/api/build.mjs'], rules: { 'no-console': 'off' } },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/shared/tsconfig.json'].map((p) => `${root}${p}`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  {
    // import-x reads the imported TypeScript files only with its TypeScript settings (extensions and parser).
    files: ['apps/api/src/**/*.ts'],
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Size (docs/architecture.md#size): a file past ~400 lines or a function past ~80 is split by what it
    // does, or says why not in an eslint-disable comment. Route plugins list their routes and are exempt
    // from the function limit; tests from both (a describe block holds its cases).
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/routes/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A component past ~80 lines becomes a hook for its flow and components for its parts (docs/architecture.md#size).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
);
