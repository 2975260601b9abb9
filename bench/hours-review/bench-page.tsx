import { createRoot, type Root } from 'react-dom/client';
import type { HoursReviewApi } from '../../packages/widgets/src/hours-review/hours-review-controller.ts';
import { HoursReview } from '../../packages/widgets/src/hours-review/hours-review.tsx';
import { queuePagesOver } from '../../packages/widgets/src/testing/fake-hours.ts';
import type { ServiceHoursEntry, ServiceHoursStatus } from '@opportunity-kit/sdk';
import { hoursChecksOf } from '@opportunity-kit/sdk/domain';

/**
 * The page `bench/hours-review.ts` loads in Chromium: the connected hours review over an in-memory queue,
 * and the timings it reads: from the start (mount, or the input event) until React has committed the
 * result and the browser has laid it out (style and layout forced), not counting the wait for the
 * next frame's paint.
 */

const FIRST_NAMES = ['Maya', 'Leo', 'Ana', 'Liam', 'Aisha', 'Ethan', 'Noah', 'Mia', 'Zoe', 'Omar', 'Sofia', 'Ravi'];
const LAST_NAMES = ['Patel', 'Chen', 'Silva', "O'Connor", 'Rahman', 'Nguyen', 'Johnson', 'Khan', 'Martin', 'Lee'];
const ORGANISATIONS = [
  'Riverside Food Bank',
  'Hamilton Public Library',
  'Bayfront Park Clean-up',
  'Westdale Soccer Club',
  'St. Joseph’s Hospital',
  'Habitat ReStore',
];
const STATUSES: readonly ServiceHoursStatus[] = ['confirmed', 'confirmed', 'confirmed', 'disputed', 'pending'];

const pick = <T,>(items: readonly T[], n: number): T => items[n % items.length] as T;

/** A teacher's queue of `count` entries over 50 students per 2,000 entries (40 each, as the issue says). */
function aQueue(count: number): ServiceHoursEntry[] {
  return Array.from({ length: count }, (_, n) => {
    const student = n % Math.max(1, Math.round(count / 40));
    const day = String((n % 28) + 1).padStart(2, '0');
    return {
      id: `entry${n}`,
      studentId: `student${student}`,
      studentEmail: `${1000 + student}@school.ca`,
      studentName: `${pick(FIRST_NAMES, student)} ${pick(LAST_NAMES, student * 7)}`,
      organisation: pick(ORGANISATIONS, n * 5 + student),
      activity: `Helped with ${pick(['sorting donations', 'the reading circle', 'the park clean-up', 'coaching', 'the front desk'], n)}.`,
      date: `2026-${String((n % 9) + 1).padStart(2, '0')}-${day}`,
      hours: ((n % 16) + 1) / 4,
      supervisorName: 'Dana Lee',
      supervisorEmail: 'dana.lee@foodbank.example',
      reflection: null,
      jobId: null,
      status: pick(STATUSES, n),
      supervisorAnsweredAt: '2026-10-01T10:00:00.000+00:00',
      supervisorMailOwed: false,
      approvedHours: null,
      reviewerId: null,
      reviewerName: null,
      reviewComment: null,
      reviewedAt: null,
      disputeReason: null,
      checks: hoursChecksOf({}),
      createdAt: `2026-10-01T10:${String(n % 60).padStart(2, '0')}:00.000+00:00`,
    };
  });
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function apiOver(queue: ServiceHoursEntry[]): HoursReviewApi {
  const pages = queuePagesOver(queue);
  return {
    // Each page in a task of its own, as an answer from the network arrives: the table shows with the first.
    queuePage: async (page) => {
      await nextTask();
      return pages(page);
    },
    review: async () => Promise.reject(new Error('not in the benchmark')),
    approveMany: async () => ({ results: [] }),
    exportCsv: async () => Promise.reject(new Error('not in the benchmark')),
  };
}

const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** Waits (task by task, so React's scheduled work runs) until `done` holds, lays the page out, and answers the milliseconds since `start`. */
async function timeUntil(start: number, done: () => boolean): Promise<number> {
  do {
    if (performance.now() - start > 10_000) throw new Error('the table did not show the result within 10 s');
    await nextTask();
  } while (!done());
  host.getBoundingClientRect();
  return performance.now() - start;
}

let root: Root | undefined;
const host = document.getElementById('root') as HTMLElement;
const caption = () => host.querySelector('.ok-hours-review__count')?.textContent ?? '';

/** Sets a control's value as typing or choosing would, so React's handler runs. */
function change(element: HTMLInputElement | HTMLSelectElement, value: string): void {
  const prototype = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

const bench = {
  /**
   * Mounts the review over `count` entries; answers the time until its table is laid out (with the
   * queue's first page), then waits until every page is in, so the filters below reach the whole queue.
   */
  async mount(count: number): Promise<number> {
    root?.unmount();
    host.replaceChildren();
    await painted();
    const hours = apiOver(aQueue(count));
    const start = performance.now();
    root = createRoot(host);
    root.render(<HoursReview hours={hours} />);
    const shown = await timeUntil(start, () => host.querySelector('.ok-hours-review__row') !== null);
    await timeUntil(start, () => host.querySelector('[data-rest="loaded"], [data-rest="none"]') !== null);
    return shown;
  },
  /** Types `text` into the search; answers the time until the filtered table is laid out. */
  async search(text: string): Promise<number> {
    const search = host.querySelector('input[type="search"]') as HTMLInputElement;
    const start = performance.now();
    change(search, text);
    return timeUntil(start, () => search.value === text);
  },
  /** Chooses a status in the status filter; answers the time until the filtered table is laid out. */
  async status(value: string): Promise<number> {
    const select = host.querySelectorAll('select')[0] as HTMLSelectElement;
    const start = performance.now();
    change(select, value);
    return timeUntil(start, () => select.value === value);
  },
  rows: () => host.querySelectorAll('.ok-hours-review__row').length,
  caption,
};

Object.assign(window, { bench });
