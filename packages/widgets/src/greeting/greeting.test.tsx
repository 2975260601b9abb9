import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { Greeting } from './greeting.tsx';
import { GreetingView } from './greeting-view.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('GreetingView', () => {
  it.each([
    [new Date(2026, 0, 5, 11, 59), 'Good morning, Ana', 'morning'],
    [new Date(2026, 0, 5, 12, 0), 'Good afternoon, Ana', 'afternoon'],
    [new Date(2026, 0, 5, 18, 0), 'Good evening, Ana', 'evening'],
  ])('greets by the hour of %s', (time, text, period) => {
    const { container } = render(<GreetingView displayName="Ana" time={time} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(text);
    expect(screen.getByText(MESSAGES.opportunityQuestion)).toBeTruthy();
    expect(container.querySelector('.ok-greeting')?.getAttribute('data-state')).toBe(period);
  });

  it('uses the heading level it is given', () => {
    render(<GreetingView displayName="Ana" time={new Date(2026, 0, 5, 9)} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2 })).toBeTruthy();
  });

  it('has no axe violations', async () => {
    const { container } = render(<GreetingView displayName="Ana" time={new Date(2026, 0, 5, 9)} />);
    await expectNoAxeViolations(container);
  });
});

describe('Greeting', () => {
  it('changes the salutation when the clock passes noon', () => {
    vi.useFakeTimers({ now: new Date(2026, 0, 5, 11, 58) });
    render(<Greeting displayName="Ana" />);
    expect(screen.getByRole('heading').textContent).toBe('Good morning, Ana');
    act(() => {
      vi.advanceTimersByTime(2 * 60_000);
    });
    expect(screen.getByRole('heading').textContent).toBe('Good afternoon, Ana');
  });

  it('stops its timer when unmounted', () => {
    vi.useFakeTimers({ now: new Date(2026, 0, 5, 11, 58) });
    const { unmount } = render(<Greeting displayName="Ana" />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
