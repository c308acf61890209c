import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'bench/results/**',
      '.tmp/**',
      'test/apiV1.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Every store is registered (lib/createStore.ts), so a page rendered on the server leaves none of its visitor's
      // data in a store for the next one.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zustand',
              importNames: ['create', 'createStore'],
              message:
                "Make stores with lib/createStore's `create` (registered for the server render's reset).",
            },
            {
              name: 'zustand/vanilla',
              importNames: ['createStore'],
              message:
                "Make stores with lib/createStore's `create` (registered for the server render's reset).",
            },
          ],
        },
      ],
    },
  },
  {
    // The Node programs are type-checked in one program with the DOM's types (tsconfig.node.json: the journeys'
    // page functions run in the browser), so the browser's globals are refused here instead.
    files: ['server/src/**/*.ts', 'workers/src/**/*.ts', 'shared/src/**/*.ts', 'dev-services/src/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'self'].map(
          (name) => ({
            name,
            message: 'A browser global: this code runs in Node (shared code runs in both).',
          }),
        ),
      ],
    },
  },
  {
    files: ['web/src/lib/createStore.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
