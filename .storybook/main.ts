import type { StorybookConfig } from '@storybook/react-vite';
import { defaultClientConditions, mergeConfig } from 'vite';

/**
 * Storybook for `@opportunity-kit/widgets`, configured by hand (`storybook init` cannot run here).
 * `pnpm test` runs every story through addon-vitest: render, play function, and axe (addon-a11y).
 * addon-docs generates a docs page per component from its props (tag `autodocs` in preview.ts); a connected
 * widget's page is `packages/widgets/src/docs/<widget>.mdx` instead, which starts with the connected component.
 */
const config: StorybookConfig = {
  stories: ['../packages/widgets/src/**/*.mdx', '../packages/widgets/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // Props tables from the TypeScript checker, which follows what the widgets' props types are made of
  // (`extends`, `Pick<…View props>`, a union of modes), unlike the default react-docgen.
  typescript: { reactDocgen: 'react-docgen-typescript' },
  viteFinal: (viteConfig) =>
    // Workspace packages resolve to their TypeScript sources, as in the tests: no build first.
    mergeConfig(viteConfig, { resolve: { conditions: ['source', ...defaultClientConditions] } }),
};

export default config;
