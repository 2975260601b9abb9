import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { CATEGORY_CARDS } from './categories.ts';
import { CategoryCards } from './category-cards.tsx';

describe('CategoryCards', () => {
  it('shows the four categories of the spec, each as one link to its listing', () => {
    render(<CategoryCards />);
    expect(screen.getAllByRole('link')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Jobs' }).getAttribute('href')).toBe('/job');
    expect(screen.getByRole('link', { name: 'Gigs' }).getAttribute('href')).toBe('/gigs');
    expect(screen.getByRole('link', { name: 'Enrichment' }).getAttribute('href')).toBe('/enrichment');
    expect(screen.getByRole('link', { name: 'Volunteering' }).getAttribute('href')).toBe('/volunteer');
    expect(screen.getByRole('link', { name: 'Gigs' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Flexible short-term work.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Opportunity categories' })).toBeTruthy();
  });

  it('hands the chosen card to a router, by mouse and by keyboard', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<CategoryCards onSelect={onSelect} />);
    await user.click(screen.getByRole('link', { name: 'Enrichment' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Volunteering' }));
    await user.keyboard('{Enter}');
    expect(onSelect.mock.calls.map(([card]) => card.path)).toEqual(['/enrichment', '/volunteer']);
  });

  it('renders cards it is given', () => {
    render(<CategoryCards cards={[{ ...CATEGORY_CARDS[0]!, title: 'Summer jobs', path: '/summer' }]} label="Summer" />);
    expect(screen.getByRole('navigation', { name: 'Summer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Summer jobs' }).getAttribute('href')).toBe('/summer');
  });

  it('has no axe violations', async () => {
    const { container } = render(<CategoryCards />);
    await expectNoAxeViolations(container);
  });
});
