import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { fakeAi } from '../testing/fake-ai.ts';
import { fakeMedia, fakeVoice } from '../testing/fake-interview-media.ts';
import { InterviewRoom } from './interview-room.tsx';

/**
 * The typed interview as a student meets it without a camera or microphone (issue 25, item 19): no
 * device error, no agent that is not there, no empty camera box; Enter sends, and the results come
 * into view when they are ready.
 */

const scrolled: Element[] = [];
const scrollBehaviours: Array<ScrollBehavior | undefined> = [];
const originalScroll = Element.prototype.scrollIntoView;
const originalMatchMedia = window.matchMedia;
afterEach(() => {
  scrolled.length = 0;
  scrollBehaviours.length = 0;
  Element.prototype.scrollIntoView = originalScroll;
  window.matchMedia = originalMatchMedia;
});

function renderTypedRoom() {
  Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
    scrolled.push(this);
    scrollBehaviours.push(typeof options === 'object' ? options.behavior : undefined);
  };
  return render(
    <InterviewRoom
      ai={fakeAi({ interviewMode: 'text', provider: 'local' })}
      jobId="job1"
      backHref="/job/job1"
      media={fakeMedia({ microphone: 'denied' })}
      voice={fakeVoice().connect}
    />,
  );
}

describe('the typed interview without camera or microphone', () => {
  it('shows no device error, no "Agent is Listening" and no empty camera box', async () => {
    const user = userEvent.setup();
    renderTypedRoom();
    await screen.findByText(/^Typed interview/);
    expect(screen.queryByText('Agent is Listening')).toBeNull();
    expect(screen.queryByText(MESSAGES.cameraPlaceholder)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start Session' }));
    await screen.findByRole('textbox', { name: /^Question 1 of 5/ });
    await screen.findByText(/this session is not recorded/);
    expect(screen.queryByText(/microphone/i)).toBeNull();
    expect(screen.queryByText('Agent is Listening')).toBeNull();
    expect(screen.queryByText(MESSAGES.cameraPlaceholder)).toBeNull();
  });

  it('sends an answer with Enter, keeps Shift+Enter for a new line, and brings the results into view', async () => {
    const user = userEvent.setup();
    renderTypedRoom();
    await user.click(await screen.findByRole('button', { name: 'Start Session' }));
    const first = await screen.findByRole('textbox', { name: /^Question 1 of 5/ });
    await user.type(first, 'First line{Shift>}{Enter}{/Shift}second line');
    expect((first as HTMLTextAreaElement).value).toBe('First line\nsecond line');
    await user.keyboard('{Enter}');
    await screen.findByRole('textbox', { name: /^Question 2 of 5/ });
    await user.click(screen.getByRole('button', { name: 'End Session' }));
    await screen.findByText(/^Analysed by/);
    const results = screen.getByRole('heading', { name: 'Results' });
    await waitFor(() => expect(scrolled).toContain(results));
    expect(document.activeElement).toBe(results);
  });

  it('brings the results into view without gliding when the member asked for less motion', async () => {
    window.matchMedia = ((query: string) => ({
      ...originalMatchMedia.call(window, query),
      matches: query === '(prefers-reduced-motion: reduce)',
    })) as typeof window.matchMedia;
    const user = userEvent.setup();
    renderTypedRoom();
    await user.click(await screen.findByRole('button', { name: 'Start Session' }));
    await user.type(await screen.findByRole('textbox', { name: /^Question 1 of 5/ }), 'I kept the till balanced.{Enter}');
    await screen.findByRole('textbox', { name: /^Question 2 of 5/ });
    await user.click(screen.getByRole('button', { name: 'End Session' }));
    await screen.findByText(/^Analysed by/);
    await waitFor(() => expect(scrolled).toContain(screen.getByRole('heading', { name: 'Results' })));
    expect(scrollBehaviours).toEqual(['auto']);
  });
});
