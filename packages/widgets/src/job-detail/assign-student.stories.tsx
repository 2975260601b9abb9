import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { AssignStudent } from './assign-student.tsx';
import type { JobActionState } from './job-detail-model.ts';

/** The teacher's assignment control as the detail page runs it, with the refusal the server gives. */
function AssignStudentRefused({ fieldError }: { fieldError: string | null }) {
  const [assignment, setAssignment] = useState<JobActionState>({ status: 'idle' });
  const actions = {
    assign: () => setAssignment({ status: 'failed', message: MESSAGES.assignFailed, fieldError }),
    resetAssignment: () => setAssignment({ status: 'idle' }),
  };
  return <AssignStudent job={aJob({ title: 'Library Monitor' })} assignment={assignment} actions={actions} />;
}

const meta = {
  title: 'Jobs/JobDetail/AssignStudent',
  component: AssignStudentRefused,
  args: { fieldError: 'No account uses this email address' },
} satisfies Meta<typeof AssignStudentRefused>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An e-mail no account uses: one error, under the field, which it describes. */
export const UnknownEmail: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Assign Job to Student' }));
    await userEvent.keyboard('nobody@school.example{Enter}');
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(`${MESSAGES.assignFailed}: No account uses this email address`);
    await expect(canvas.getAllByRole('alert')).toHaveLength(1);
    await expect(canvas.getByLabelText('Student e-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('Student e-mail').getAttribute('aria-describedby')).toContain(alert.id);
  },
};

/** A failure that is not about the e-mail: the spec's words, once, below the buttons. */
export const Failed: Story = {
  args: { fieldError: null },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Assign Job to Student' }));
    await userEvent.keyboard('1ana@school.example{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.assignFailed);
    await expect(canvas.getByLabelText('Student e-mail')).not.toHaveAttribute('aria-invalid');
  },
};
