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

/** The folders of `file` under `root`, or undefined for a file outside it. */
function foldersUnder(root, file) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep);
}

function webLayerOf(file) {
  const folders = foldersUnder(WEB_SRC, file);
  if (!folders) return undefined;
  const [top, second] = folders;
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

/**
 * Checks every relative import, export-from and dynamic import of a file: `layerOf` places a file (or
 * returns undefined for files the rule does not govern) and `problem` names what is wrong with an
 * import from one place to another.
 */
function checkRelativeImports(context, layerOf, problem) {
  const from = layerOf(context.filename);
  if (!from) return {};
  const check = (node) => {
    const source = node.source?.value;
    if (typeof source !== 'string' || !source.startsWith('.')) return;
    const to = layerOf(path.resolve(path.dirname(context.filename), source));
    const message = to && problem(from, to);
    if (message) context.report({ node: node.source, message });
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
}

const webImportDirection = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'Imports follow shared -> features -> pages -> app' },
  },
  create(context) {
    return checkRelativeImports(context, webLayerOf, webImportProblem);
  },
};

/**
 * The server's boundaries (docs/architecture.md, "Layout"): a module reaches another module only through
 * its services and exported functions, never its repository (which alone holds that module's SQL);
 * `db/` (connections, schema, migrations) sits below the modules and the seed, and imports neither.
 */
const SERVER_SRC = path.join(import.meta.dirname, 'apps/server/src');

function serverPlaceOf(file) {
  const folders = foldersUnder(SERVER_SRC, file);
  if (!folders) return undefined;
  const [top, second] = folders;
  return { top, module: top === 'modules' ? second : undefined, name: path.basename(file) };
}

function serverImportProblem(from, to) {
  if (from.top === 'db' && ['modules', 'seed'].includes(to.top)) {
    return 'db/ sits below the modules and the seed: it imports neither.';
  }
  const isRepository = /(^|-)repository\.[jt]s$/.test(to.name);
  if (from.top === 'modules' && to.top === 'modules' && to.module !== from.module && isRepository) {
    return "A module does not import another module's repository: call its service or an exported function.";
  }
  return undefined;
}

const serverBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: "Modules do not reach into each other's repositories; db/ imports no module" },
  },
  create(context) {
    return checkRelativeImports(context, serverPlaceOf, serverImportProblem);
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
    files: ['apps/server/**/*.ts'],
    plugins: { server: { rules: { boundaries: serverBoundaries } } },
    rules: { 'server/boundaries': 'error' },
  },
  {
    files: ['apps/web/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'commonjs' },
  },
);
