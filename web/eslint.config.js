// Lint rules for the web app. Besides the usual TypeScript, hooks and accessibility checks, the
// import zones below keep the layers one-way, as in bulletproof-react: app -> features ->
// shared code (components, lib), and no feature reaching into another feature.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importPlugin from 'eslint-plugin-import'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

// A feature may import only from itself among the features.
const crossFeatureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'A feature may not import another feature: move what both need to components/ or lib/.',
}))

const layerZones = [
  {
    target: './src/features',
    from: './src/app',
    message: 'Features may not import from app/: app composes features, not the other way round.',
  },
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/features', './src/app'],
    message: 'Shared code may not import features or app.',
  },
]

const testFiles = ['src/**/*.test.{ts,tsx}', 'src/test/**']

// Outside tests no function is longer than this, blank lines and comments aside.
const functionLines = { max: 60, skipBlankLines: true, skipComments: true, IIFEs: true }

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/lib/api-schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...crossFeatureZones, ...layerZones] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Components and helpers (in tests too) pass a `role` prop that is the user's role, not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // The sign-in forms and dialogs put the cursor in their first field on purpose: it is the
      // one thing the screen asks for, and keyboard and screen-reader users land where they type.
      'jsx-a11y/no-autofocus': 'off',
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', functionLines],
      // react-hook-form's register() and handleSubmit() take callbacks that read refs only when
      // an event fires; this rule cannot tell those from reads during render.
      'react-hooks/refs': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: "Import z from '@/lib/zod', which sets zod up for the app's CSP.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  { files: ['src/lib/zod.ts'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
  {
    files: testFiles,
    rules: {
      'max-lines': 'off',
      'max-lines-per-function': 'off',
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
)
