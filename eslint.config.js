import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SOURCE = '**/*.{ts,tsx,js,mjs}';

/**
 * ml/ (detector training and experiments) is research code: the product never imports it. What
 * scoring needs lives in server/ai/detector/. Part of every import restriction on server/ and app/.
 */
const mlPatterns = [
  {
    regex: '^(\\.\\./)+ml(/|$)',
    message: 'ml/ is training and research code: the product (server/, app/) never imports it.',
  },
];
/**
 * The classic Remix compiler silently empties a `.server` module imported by browser code (DESIGN §1),
 * so browser code may import server modules for types only. tests/unit/server-only-imports.test.ts
 * guards the same boundary (and module-level calls in routes, which a lint rule cannot see).
 */
const serverModulePatterns = [
  {
    group: ['**/*.server', '**/.server/**', '**/*.server.ts', '**/*.server.tsx', '**/*.server.js'],
    allowTypeImports: true,
    message: 'Server-only module: browser code may import it for types only (`import type`).',
  },
  {
    // server/ and db/ at the repository root, reached by relative paths from app/ or contracts/.
    regex: '^(\\.\\.?/)+(server|db)(/|$)',
    allowTypeImports: true,
    message: 'server/ and db/ run on Node only: browser code may import them for types only (`import type`).',
  },
  {
    group: ['node:*'],
    message: 'Node built-ins do not exist in the browser.',
  },
  ...mlPatterns,
];
const nodeBuiltinPaths = builtinModules
  .filter((name) => !name.startsWith('_'))
  .map((name) => ({ name, message: 'Node built-ins do not exist in the browser.' }));

const browserCode = [
  'app/components/**',
  'app/hooks/**',
  'app/styles/**',
  'app/content/**',
  'app/services/**/*.client.ts',
  'app/entry.client.tsx',
  // Every other module in app/services/ (forms, navigation, points, errors, drafts…) is shared too.
  'app/services/**/*.{ts,tsx}',
];
/** Files in browser-code folders that never reach the browser. */
const serverOnly = ['**/*.server.{ts,tsx}', '**/*.test.{ts,tsx}'];
const nodeInApp = ['app/**/*.server.{ts,tsx}', 'app/**/*.test.{ts,tsx}', 'app/entry.server.tsx'];

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * The layers (docs/architecture.md, ADR 0047), lowest first: a module may import its own layer and
 * the ones below, never one above. Paths are relative to the repository, without extensions; the
 * longest matching entry decides. The server and the web app are separate stacks that share
 * contracts/ (app/ reaching server/ for types is the browser rule's business, not this one's).
 */
const LAYERS = {
  server: [
    ['contracts'],
    ['db'],
    [
      'server/config',
      'server/config-ai-models',
      'server/logger',
      'server/redact',
      'server/errors',
      'server/metrics',
      'server/thread-entry',
    ],
    ['server/ai', 'server/integrations', 'server/realtime'],
    ['server/domain'],
    ['server/http'],
    ['server/server', 'server/web', 'server/index', 'server/cli', 'server/jobs', 'server/mounts', 'server/lifecycle'],
  ],
  web: [
    ['contracts'],
    ['app/styles', 'app/content', 'app/sessions.server'],
    // app/services/ itself holds pure logic; the API client and the browser clients build on it,
    // and the page loaders several routes share build on those (ADR 0049).
    ['app/services'],
    ['app/services/api', 'app/services/browser'],
    ['app/services/pages'],
    ['app/hooks'],
    ['app/components'],
    // A route folder (app/routes/<route>/route.tsx and the loader, action and parts beside it).
    ['app/routes'],
    ['app/root', 'app/entry.client', 'app/entry.server', 'app/load-context.d'],
  ],
};
const LAYER_NAMES = Object.fromEntries(Object.entries(LAYERS).map(([stack, layers]) => [stack, layers.map((l) => l.join(', '))]));

/** [stack, layer index] of a repository path, or null outside the layered folders. */
function layerOf(file, stacks) {
  const rel = path
    .relative(ROOT, file)
    .split(path.sep)
    .join('/')
    .replace(/\.(tsx?|m?js)$/, '');
  let best = null;
  for (const stack of stacks) {
    LAYERS[stack].forEach((entries, index) => {
      for (const entry of entries) {
        const hit = rel === entry || rel.startsWith(`${entry}/`);
        if (hit && (!best || entry.length > best.length)) best = { stack, index, length: entry.length };
      }
    });
  }
  return best;
}

/** Fails on an import that points up the layers: `import`, `export … from` and `import()` alike. */
const oneWayLayers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { upward: '{{from}} may not import {{to}}: layers are one-way (docs/architecture.md, ADR 0047).' },
  },
  create(context) {
    const from = layerOf(context.filename, ['server', 'web']);
    if (!from) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      let target;
      if (spec.startsWith('~/')) target = path.join(ROOT, 'app', spec.slice(2));
      else if (spec.startsWith('.')) target = path.resolve(path.dirname(context.filename), spec);
      else return;
      const to = layerOf(target, [from.stack]);
      if (to && to.index > from.index) {
        const names = LAYER_NAMES[from.stack];
        context.report({ node: source, messageId: 'upward', data: { from: names[from.index], to: names[to.index] } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default defineConfig([
  globalIgnores(['build/', 'public/build/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', '.cache/', 'db/migrations/']),

  {
    files: [SOURCE],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },

  {
    files: ['server/**', 'scripts/**', 'tests/**', 'db/**', 'contracts/**', 'ml/**', '*.config.{ts,js}', ...nodeInApp],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['app/**'],
    ignores: nodeInApp,
    languageOptions: { globals: globals.browser },
  },

  {
    files: ['server/**', 'db/**', 'contracts/**', 'app/**'],
    // Tests may build their fixtures with any layer (cv-columns.test.ts draws a PDF with the export fonts).
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { layers: { rules: { 'one-way': oneWayLayers } } },
    rules: { 'layers/one-way': 'error' },
  },

  {
    // Issue 25: a function over 150 lines is several things; split it into named parts.
    files: ['app/**', 'server/**', 'db/**', 'contracts/**', 'scripts/**', 'ml/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },

  {
    // Module augmentation (app/load-context.d.ts) must be an interface that only extends.
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }] },
  },
  {
    // Tests type JSON bodies as Record<string, any>.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  {
    files: ['app/**/*.tsx', 'app/hooks/**'],
    extends: [reactHooks.configs.flat.recommended],
  },

  {
    // Browser code gets this restriction in its own rule below (a later rule replaces an earlier one's options).
    files: ['server/**', 'app/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: mlPatterns }] },
  },
  {
    files: browserCode,
    ignores: serverOnly,
    rules: {
      'no-restricted-imports': ['error', { paths: nodeBuiltinPaths, patterns: serverModulePatterns }],
    },
  },
  {
    files: ['contracts/**'],
    ignores: serverOnly,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltinPaths,
          patterns: [
            ...serverModulePatterns,
            { group: ['~/**', '**/app/**'], message: 'contracts/ is shared by the web app and the API: it must not import from app/.' },
          ],
        },
      ],
    },
  },
]);
