import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { CategoryCards } from './category-cards.tsx';

const meta = {
  title: 'Home/CategoryCards',
  component: CategoryCards,
} satisfies Meta<typeof CategoryCards>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Plain links: each card leads to its listing route. */
export const Links: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('link')).toHaveLength(4);
    await expect(canvas.getByRole('link', { name: 'Volunteering' })).toHaveAttribute('href', '/volunteer');
  },
};

/** With a client-side router: the keyboard reaches each card with Tab and opens it with Enter. */
export const WithRouter: Story = {
  args: { onSelect: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Jobs' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ title: 'Gigs', path: '/gigs' }));
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

/** On a wide page (a desktop's 1088 px of content) the four cards share the whole row: no empty column at the end. */
export const WideRow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 1088 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    const cards = canvas.getAllByRole('listitem');
    const right = Math.max(...cards.map((card) => card.getBoundingClientRect().right));
    const tops = new Set(cards.map((card) => Math.round(card.getBoundingClientRect().top)));
    await expect(tops.size).toBe(1);
    await expect(list.getBoundingClientRect().right - right).toBeLessThan(2);
  },
};
