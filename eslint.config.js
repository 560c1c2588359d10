// Lint guards the architecture: shared/ is pure, the renderer never reaches Node or the services,
// and only electron/main imports electron.
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'crypto', 'stream', 'url', 'util', 'net'];

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', '.tools/**', 'test-results/**', 'playwright-report/**', '*.tmp.mjs'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only electron/main and the preload may import electron.' }] }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'], // tests may read fixtures from disk
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', ...nodeBuiltins, 'better-sqlite3', 'react', 'react-dom', '**/electron/**', '**/renderer/**'],
              message: 'shared/ is pure TypeScript: no Node, no DOM, no app layers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['electron', ...nodeBuiltins, 'better-sqlite3', 'openai', '**/electron/**'], message: 'The renderer talks to services only through the API client.' }] },
      ],
    },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/services/**', 'zod', ...nodeBuiltins], message: 'The sandboxed preload bundles only the method allow-list.' }] }],
    },
  },
);
