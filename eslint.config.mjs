// One lint gate for both workspaces; runs inside `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Frontend boundaries (issue 13): a screen folder frontend/src/resources/<X> imports no other screen
// folder; what two of them share lives in resources/shared (which imports none of them) or in
// src/components. One config object per folder, generated from the directory listing.
const RESOURCES_DIR = 'frontend/src/resources';
const resourceDirs = readdirSync(new URL(`./${RESOURCES_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const resourceBoundaries = resourceDirs.map((dir) => {
  const others = resourceDirs.filter((other) => other !== dir && other !== 'shared');
  return {
    files: [`${RESOURCES_DIR}/${dir}/**/*.{ts,tsx}`],
    // tests may drive a screen through the page or list that hosts it
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: others.flatMap((other) => [`**/${other}`, `**/${other}/**`, `**/resources/${other}`, `**/resources/${other}/**`]),
              message:
                dir === 'shared'
                  ? 'resources/shared may not import a resource folder.'
                  : `resources/${dir} may not import another resource folder: move what both need to resources/shared or src/components.`,
            },
          ],
        },
      ],
    },
  };
});

// Backend boundaries (issue 13): the kernel (backend/src/common) imports no module, and a module
// imports another only through that module's public file, modules/<Y>/index.ts (its Nest module,
// exported services, public types); never its entity or other internals. Patterns match the import
// text, so one object per module and folder depth; generated from the directory listing.
const MODULES_DIR = 'backend/src/modules';
const backendModules = readdirSync(new URL(`./${MODULES_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const publicFileOnly = (prefix, mods) => mods.flatMap((mod) => [`${prefix}${mod}/**`, `!${prefix}${mod}/index.js`]);
const backendBoundaries = [
  {
    files: ['backend/src/common/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**'], message: 'backend/src/common (the kernel) imports no module: the composition root (app.module.ts) passes what it needs.' }] }],
    },
  },
  ...backendModules.flatMap((mod) =>
    [0, 1, 2, 3].map((depth) => {
      const others = backendModules.filter((other) => other !== mod);
      return {
        files: [`${MODULES_DIR}/${mod}/${'*/'.repeat(depth)}*.ts`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  group: [...publicFileOnly('../'.repeat(depth + 1), others), ...publicFileOnly('**/modules/', others)],
                  message: `modules/${mod} may import another module only through its public file (modules/<name>/index.js), never its entity or internals.`,
                },
              ],
            },
          ],
        },
      };
    }),
  ),
];

export default tseslint.config(
  { ignores: ['**/dist/**', 'backend/.dist-*/**', '**/node_modules/**', 'data/**', 'frontend/e2e/artifacts/**', 'artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/**/*.spec.ts'],
    languageOptions: { parserOptions: { project: './backend/tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Nest needs runtime class references for DI and decorator metadata.
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts', '**/*.test.{ts,tsx}', '**/e2e/**/*.{ts,mjs}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  ...resourceBoundaries,
  ...backendBoundaries,
  {
    // Browser flows: callbacks passed to page.evaluate run in the page.
    files: ['frontend/e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
