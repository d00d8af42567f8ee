import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'server/db/migrations', 'test-results', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Issue 31 §2: the photo upload service and the image pipeline take files, not requests; only the route adapter
    // (server/modules/media/upload-route.ts) knows Fastify.
    files: ['server/modules/media/{upload,pipeline,storage}.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['fastify', 'fastify-*', '@fastify/*'], message: 'The upload flow knows no HTTP: take files; media/upload-route.ts adapts a request.' }] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // components/link.tsx: React Router's own links carry its framework mode's route prefetching (issue 35 §1).
      'no-restricted-imports': ['error', { paths: [{ name: 'react-router', importNames: ['Link', 'NavLink'], message: 'Use Link and NavLink from @/components/link.' }] }],
    },
  },
);
