import type { Preview } from '@storybook/react-vite';
import { createElement } from 'react';
import '../packages/widgets/src/styles.css';

/**
 * Every story renders on the theme's surface (toolbar "Theme", light or dark), and axe violations
 * fail the story's test (`a11y.test = 'error'`), so accessibility is checked in CI, not just shown.
 */
const preview: Preview = {
  // A docs page per widget, its props table generated from the component's TypeScript props.
  tags: ['autodocs'],
  parameters: {
    a11y: { test: 'error' },
    layout: 'padded',
  },
  globalTypes: {
    theme: {
      description: 'Widget theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story, { globals }) =>
      createElement(
        'div',
        {
          'data-ok-theme': globals.theme === 'dark' ? 'dark' : undefined,
          style: { background: 'var(--ok-color-surface, #ffffff)', padding: '1.5rem', minHeight: '100%' },
        },
        createElement(Story),
      ),
  ],
};

export default preview;
