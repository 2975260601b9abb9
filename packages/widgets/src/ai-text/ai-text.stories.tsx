import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AiText } from './ai-text.tsx';

const meta = {
  title: 'AI/AiText',
  component: AiText,
  args: {
    text: [
      'The **[Tax Clinic Assistant](/job/tax-clinic)** posting closes on **March 31, 2027**.',
      '',
      'Other postings you might like:',
      '- [Reading Tutor](/job/reading-tutor): Saturdays at the library',
      '- A [link elsewhere](https://example.com) stays plain text',
    ].join('\n'),
  },
} satisfies Meta<typeof AiText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Postings an answer names are links to their pages; any other target stays text. The text takes its colour from where it is placed. */
export const WithPostingLinks: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Tax Clinic Assistant' })).toHaveAttribute('href', '/job/tax-clinic');
    await expect(canvas.getByRole('link', { name: 'Reading Tutor' })).toHaveAttribute('href', '/job/reading-tutor');
    await expect(canvas.queryByRole('link', { name: 'link elsewhere' })).toBeNull();
  },
};
