import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { AssignStudent } from './assign-student.tsx';
import type { JobActionState } from './job-detail-model.ts';

const UNKNOWN = 'No account uses this email address';

/** The control as the detail page runs it: an assignment refused for its e-mail, or for another reason. */
function Refusing({ fieldError }: { fieldError: string | null }) {
  const [assignment, setAssignment] = useState<JobActionState>({ status: 'idle' });
  const actions = {
    assign: vi.fn(() => setAssignment({ status: 'failed', message: MESSAGES.assignFailed, fieldError })),
    resetAssignment: () => setAssignment({ status: 'idle' }),
  };
  return <AssignStudent job={aJob()} assignment={assignment} actions={actions} />;
}

async function assignTo(email: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Assign Job to Student' }));
  await user.type(screen.getByLabelText('Student e-mail'), `${email}{Enter}`);
}

describe('AssignStudent', () => {
  it('refuses an unknown e-mail with one error, under the field', async () => {
    const { container } = render(<Refusing fieldError={UNKNOWN} />);
    await assignTo('nobody@school.example');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(`${MESSAGES.assignFailed}: ${UNKNOWN}`);
    const field = screen.getByLabelText('Student e-mail');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(screen.getAllByText(new RegExp(MESSAGES.assignFailed))).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it('says a failure that is not about the e-mail once, in the spec words', async () => {
    render(<Refusing fieldError={null} />);
    await assignTo('1ana@school.example');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.assignFailed);
    expect(screen.getByLabelText('Student e-mail').getAttribute('aria-invalid')).toBeNull();
  });
});
