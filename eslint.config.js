// ESLint: typescript-eslint's type-checked rules and React's hooks rules over the whole tree.
// Import cycles and layer rules are dependency-cruiser's job (.dependency-cruiser.cjs, npm run lint:deps).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
      '.data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'src/routeTree.gen.ts',
      'i18n/i18n-*.ts',
      'i18n/i18n-*.tsx',
      'i18n/formatters.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // TanStack Router's redirect() and notFound() are thrown by design; tRPC procedures and
      // route loaders are async to satisfy their Promise contracts even when nothing is awaited.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] }],
      '@typescript-eslint/require-await': 'off',
      // Its "unnecessary" assertions on MikroORM rows (Opt<…> and JSON columns) change the types
      // the tRPC routers infer; removing them broke the typecheck of the client.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Event handlers may start promises whose errors the handler itself reports.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // The rules of hooks and their dependency lists. The React Compiler's rules (refs,
    // set-state-in-effect, purity) are for code the compiler memoises; this project does not use
    // it, and state set in an effect is how its pages read browser-only values after hydration.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests read JSON answers (Fastify's inject().json(), fetch().json()) as `any` and check their
    // shape with expect(); typing every answer again would repeat the code under test.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ['**/*.{js,cjs,mjs}'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
)
