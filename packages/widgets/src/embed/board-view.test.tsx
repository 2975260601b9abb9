import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { PublicClientError, type PublicClient } from '@opportunity-kit/sdk/public';
import { aJob } from '../testing/a-job.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { Board } from './board.tsx';
import { createBoardController } from './board-controller.ts';
import { createBoardModel } from './board-model.ts';

function renderBoard(listJobs: PublicClient['listJobs']) {
  const client: PublicClient = { listJobs, getJob: async (id) => aJob({ id }), imageUrl: () => null };
  const model = createBoardModel({ search: '', postingType: '', location: '' });
  const controller = createBoardController(client, model, 1);
  return render(<Board controller={controller} client={client} locations={[]} portalUrl={undefined} postingHref={(job) => `?opportunity=${job.id}`} />);
}

describe('Board', () => {
  it("shows a visitor the spec's text when the postings could not load, never the client's technical message", async () => {
    renderBoard(async () => {
      throw new PublicClientError('network', 'Could not reach https://api.example/v1: Failed to fetch');
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.genericError);
    expect(alert.textContent).not.toContain('api.example');
  });

  it('keeps the cards when "Load more" fails, says why next to it, and the button retries from the keyboard', async () => {
    let nextPages = 0;
    const { container } = renderBoard(async (query = {}) => {
      if (!query.cursor) return { jobs: [aJob({ id: 'barista', title: 'Barista' })], total: 2, nextCursor: 'barista' };
      nextPages += 1;
      if (nextPages === 1) throw new PublicClientError('request-failed', 'Invalid query: cursor', 400);
      return { jobs: [aJob({ id: 'walker', title: 'Dog walker' })], total: 2, nextCursor: null };
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MESSAGES.genericError);
    expect(screen.getByRole('link', { name: 'Barista' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 opportunities');
    const retry = screen.getByRole('button', { name: 'Load more' });
    expect(retry.getAttribute('aria-describedby')).toBe(alert.id);
    await expectNoAxeViolations(container);

    retry.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('link', { name: 'Dog walker' });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
