import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { GreetingView } from './greeting-view.tsx';
import { Greeting } from './greeting.tsx';
import { createHourlyClock } from './hourly-clock.ts';

const at = (hour: number, minute = 0) => new Date(2026, 10, 21, hour, minute);

const meta = {
  title: 'Home/Greeting',
  component: GreetingView,
  args: { displayName: 'Ana Lima', time: at(9) },
} satisfies Meta<typeof GreetingView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Morning: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Good morning, Ana Lima');
    await expect(canvas.getByText(MESSAGES.opportunityQuestion)).toBeVisible();
  },
};

export const Afternoon: Story = {
  args: { time: at(12) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading')).toHaveTextContent('Good afternoon, Ana Lima');
  },
};

export const Evening: Story = {
  args: { time: at(18) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading')).toHaveTextContent('Good evening, Ana Lima');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { time: at(20) },
};

/** The connected widget, on a clock that reads a fixed time. */
export const Connected: StoryObj<typeof Greeting> = {
  // `Greeting` gets its own props only, not the view's `time`, and only they have controls.
  parameters: { controls: { include: ['displayName', 'headingLevel'] } },
  args: { displayName: 'Sam Park' },
  render: ({ displayName, headingLevel }) => <Greeting displayName={displayName} headingLevel={headingLevel} clock={createHourlyClock(() => at(11, 59))} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading')).toHaveTextContent('Good morning, Sam Park');
  },
};
