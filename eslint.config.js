// Flat ESLint config: typescript-eslint everywhere, React hooks on the web, and the import
// layer boundaries (shared <- api, shared <- web; lib/components <- features <- app;
// no feature imports another feature).
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

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
  restrict(['packages/shared/**'], [
    { group: ['@donaciones/api', '@donaciones/api/*', '@donaciones/web', '@donaciones/web/*', '**/apps/**'], message: 'shared no importa nada de apps/.' },
  ]),
  restrict(['apps/api/**'], [{ group: ['@donaciones/web', '@donaciones/web/*', '**/web/src/**'], message: 'La API no importa la web.' }]),
  restrict(['apps/web/**'], [
    { group: ['@donaciones/api', '@donaciones/api/*', '**/api/src/**'], message: 'La web solo usa el contrato de @donaciones/shared.' },
  ]),
  restrict(['apps/web/src/components/**', 'apps/web/src/lib/**'], [
    { group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'], message: 'components/ y lib/ no importan features/ ni app/.' },
    { group: ['@donaciones/api', '@donaciones/api/*', '**/api/src/**'], message: 'La web solo usa el contrato de @donaciones/shared.' },
  ]),
  ...features.map((feature) =>
    restrict([`apps/web/src/features/${feature}/**`], [
      ...features
        .filter((other) => other !== feature)
        .map((other) => ({ group: [`@/features/${other}`, `@/features/${other}/*`, `**/features/${other}/**`], message: 'Una feature no importa otra feature.' })),
      { group: ['@/app/*', '**/src/app/**'], message: 'Las features no importan app/.' },
      { group: ['@donaciones/api', '@donaciones/api/*', '**/api/src/**'], message: 'La web solo usa el contrato de @donaciones/shared.' },
    ]),
  ),
);
