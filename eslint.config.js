import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/** Imports a folder may not make: the kernel is shared, so it depends on nobody; the console and the server never reach into each other. */
const forbid = (...folders) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: folders.map((folder) => ({
        group: [`**/${folder}/**`, `**/${folder}`],
        message: `Shared code belongs in kernel/; do not import ${folder}/ from here.`,
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-mock',
      'dist-server',
      'dist-server.*',
      'data',
      'node_modules',
      'coverage',
      'tests/.artifacts',
      'tests/.scratch',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // React's rules where components and hooks live: the console, and any .tsx (component tests, the
    // bare admin of the bench). Their analysis of every other file (server, kernel, tests) finds
    // nothing to check and costs a sixth of the lint's time.
    files: ['src/**/*.{ts,tsx}', '**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // No module may reach itself again through its imports: a cycle makes load order matter and hides layering.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Inside each tier the generic mechanism does not import features: features register with it.
    files: ['**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./kernel/schema'],
              from: [
                './kernel/demo',
                './kernel/fleet',
                './kernel/forms',
                './kernel/history',
                './kernel/notify',
                './kernel/schedule',
                './kernel/survey',
              ],
              message: 'The schema mechanism does not import features: let the feature register with it.',
            },
            {
              target: ['./server/write', './server/resources', './server/store'],
              from: [
                './server/fleet',
                './server/survey',
                './server/forms',
                './server/assign',
                './server/schedule',
                './server/statistics',
                './server/notify',
                './server/backups',
                './server/settings',
              ],
              message: 'The write path and the generic calls do not import features: give the feature a hook or a guard.',
            },
            {
              target: ['./src/resources/generic', './src/resources/list', './src/resources/reference'],
              from: [
                './src/pages',
                './src/notices',
                './src/app',
                './src/resources/record/panels',
                './src/resources/statistics',
                './src/resources/assign',
              ],
              message: 'The generic screens do not import features: let the feature register with them.',
            },
          ],
        },
      ],
    },
  },
  {
    // Still to move to registrations: the computed kind and the rule of scheduled jobs, the check of
    // server-defined form fields, and the demo data generators named by x-fake.
    files: ['kernel/schema/derive.ts', 'kernel/schema/validation.ts', 'kernel/schema/check-schedule.ts', 'kernel/schema/check-fake.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  { files: ['kernel/**/*.{ts,tsx}'], rules: forbid('src', 'server', 'mock') },
  { files: ['server/**/*.{ts,tsx}'], rules: forbid('src', 'mock') },
  // The console runs the mock back-end in the browser during development, and only from its entry.
  { files: ['src/**/*.{ts,tsx}'], ignores: ['src/main.tsx'], rules: forbid('server', 'mock') },
  { files: ['mock/**/*.{ts,tsx}'], rules: forbid('src') },
);
