import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One lint configuration for the whole repository, run by `pnpm lint` and by `tests/lint.test.ts` (so
 * `pnpm test` and CI fail on a lint error). Formatting is Prettier's alone (`.prettierrc.json`): nothing here
 * has an opinion on layout. typescript-eslint's `recommended` only, not the type-checked presets: those build
 * a TypeScript program per file set and would make every lint run several times slower on CI's two cores.
 */
export default defineConfig([
  // Built or written by tools (package builds, the bundled functions, Storybook's build, test output, local data,
  // and `pnpm conformance`'s copy of Appwrite's e2e tests and their results).
  globalIgnores(['**/dist/', '**/storybook-static/', '**/test-results/', '**/coverage/', '**/.data/', '**/.tmp/', '**/.conformance/']),

  js.configs.recommended,
  tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,

  {
    name: 'opportunity-kit/globals',
    // A disable comment that no longer silences anything is itself an error, so none outlive their reason.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      // The packages run in both places (the SDK and widgets in the browser, everything else in Node),
      // and TypeScript already checks which globals exist where; plain .js/.mjs files need both listed.
      globals: { ...globals.browser, ...globals.node },
    },
  },

  {
    // React's rules where React runs: the widgets, the portal and Storybook. Elsewhere a `use…` name is no
    // hook (the e2e suites' `useChromium()` registers vitest hooks at a file's top level, as it must).
    name: 'opportunity-kit/react-hooks',
    files: ['packages/widgets/**/*.{ts,tsx}', 'packages/portal/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}', '**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  {
    name: 'opportunity-kit/accessibility',
    rules: {
      // The widgets manage focus in their dialogs, panels and forms: the container listens for the keys that bubble
      // up from the controls inside it (Escape closes, Tab wraps inside a modal), as WAI-ARIA's dialog pattern does.
      // The plugin's recommended options (repeated here) allow a key handler only on a `<dialog>` element; the four
      // entries after them allow `onKeyDown` alone on these containers, which stay non-interactive themselves (no
      // click handler, out of the tab order), and every story's axe check still runs over them.
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        {
          handlers: ['onClick', 'onError', 'onLoad', 'onMouseDown', 'onMouseUp', 'onKeyPress', 'onKeyDown', 'onKeyUp'],
          alert: ['onKeyUp', 'onKeyDown', 'onKeyPress'],
          body: ['onError', 'onLoad'],
          dialog: ['onKeyUp', 'onKeyDown', 'onKeyPress'],
          iframe: ['onError', 'onLoad'],
          img: ['onError', 'onLoad'],
          article: ['onKeyDown'],
          div: ['onKeyDown'],
          form: ['onKeyDown'],
          section: ['onKeyDown'],
        },
      ],
      // A scrolling `log` (the career coach's conversation) must take keyboard focus, or a keyboard user cannot
      // scroll it: axe's scrollable-region-focusable, which the stories run, requires exactly that.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'log'], allowExpressionValues: true }],
    },
  },

  {
    name: 'opportunity-kit/typescript',
    files: ['**/*.{ts,tsx}'],
    rules: {
      // Arguments and locals named with a leading underscore are deliberately unused (a handler's required
      // signature, a destructured rest that drops a key); every other unused name is an error.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
]);
