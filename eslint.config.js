import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One way through the web app's code (ARCHITECTURE.md, convention 1): shared (src/lib, src/components)
 * -> features -> pages -> app. A feature imports only shared code and itself, never another feature;
 * pages may import features; nothing imports pages or app except what sits above them. Relative
 * imports are resolved, so the rule holds at any folder depth.
 */
const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');
const SHARED = new Set(['lib', 'components']);

function webLayerOf(file) {
  const relative = path.relative(WEB_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [top, second] = relative.split(path.sep);
  return { top, feature: top === 'features' ? second : undefined };
}

function webImportProblem(from, to) {
  if (SHARED.has(from.top) && ['features', 'pages', 'app'].includes(to.top)) {
    return 'Shared code (src/lib, src/components) imports nothing from features, pages or app.';
  }
  if (from.top === 'features' && to.top === 'features' && to.feature !== from.feature) {
    return 'A feature does not import another feature; lift what is shared to src/lib or src/components.';
  }
  if (from.top === 'features' && ['pages', 'app'].includes(to.top)) {
    return 'A feature imports only shared code and itself, never pages or app.';
  }
  if (from.top === 'pages' && to.top === 'app') return 'Pages do not import app: app imports pages.';
  return undefined;
}

const webImportDirection = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'Imports follow shared -> features -> pages -> app' },
  },
  create(context) {
    const from = webLayerOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = webLayerOf(path.resolve(path.dirname(context.filename), source));
      const message = to && webImportProblem(from, to);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, web: { rules: { 'import-direction': webImportDirection } } },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'web/import-direction': 'error',
    },
  },
  {
    files: ['apps/web/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'commonjs' },
  },
);
