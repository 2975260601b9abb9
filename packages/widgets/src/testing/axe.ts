import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe over a rendered view. happy-dom has no layout, so rules that need one (colour contrast)
 * are left to the Storybook suite, which runs axe on every story in Chromium.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
}
