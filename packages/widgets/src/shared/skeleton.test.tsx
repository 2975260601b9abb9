import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { Skeleton, SkeletonBone } from './skeleton.tsx';

describe('Skeleton', () => {
  it('says "Loading..." in a status region, and hides its shapes from screen readers', async () => {
    const { container } = render(
      <Skeleton count={4} listClassName="ok-cards">
        <SkeletonBone shape="circle" />
        <SkeletonBone width="short" />
      </Skeleton>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(MESSAGES.loading);
    const shapes = status.querySelector('.ok-cards');
    expect(shapes?.getAttribute('aria-hidden')).toBe('true');
    expect(shapes?.children).toHaveLength(4);
    expect(shapes?.querySelectorAll('[data-shape="circle"]')).toHaveLength(4);
    await expectNoAxeViolations(container);
  });

  it("leaves the saying to the host's own live region with no label", () => {
    render(
      <Skeleton label={null}>
        <SkeletonBone />
      </Skeleton>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(MESSAGES.loading)).toBeNull();
  });
});
