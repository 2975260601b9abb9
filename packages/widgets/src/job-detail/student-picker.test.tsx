import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AssignableStudent } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { AssignStudent } from './assign-student.tsx';

/** Issue 25, item 14: a teacher picks whom to assign by name, from their school's students. */

const HANNA: AssignableStudent = { id: 'hanna', name: 'Hanna Okafor', email: '1hanna@school.example', schoolName: 'Riverside Secondary' };
const HANS: AssignableStudent = { id: 'hans', name: 'Hans Berg', email: '1hans@school.example', schoolName: 'Riverside Secondary' };

function renderEditor(students: readonly AssignableStudent[]) {
  const findStudents = vi.fn(async (search: string) => students.filter((student) => student.name.toLowerCase().includes(search.toLowerCase())));
  const actions = { assign: vi.fn(), resetAssignment: vi.fn() };
  const view = render(<AssignStudent job={aJob()} assignment={{ status: 'idle' }} actions={actions} findStudents={findStudents} />);
  return { ...view, findStudents, actions };
}

describe('AssignStudent with the school’s students', () => {
  it('lists the students whose name matches what the teacher types, and assigns the one picked with the keyboard', async () => {
    const user = userEvent.setup();
    const { findStudents, actions, container } = renderEditor([HANNA, HANS]);
    await user.click(screen.getByRole('button', { name: 'Assign Job to Student' }));
    const field = screen.getByRole('combobox', { name: 'Student name or e-mail' });
    await user.type(field, 'han');
    const list = await screen.findByRole('listbox', { name: 'Students of your school' });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(findStudents).toHaveBeenLastCalledWith('han');
    await screen.findByText('2 students found.');
    await expectNoAxeViolations(container);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /Hans Berg/ }).id);
    await user.keyboard('{Enter}');
    expect(list.hidden).toBe(true);
    expect((field as HTMLInputElement).value).toBe(HANS.email);
    expect(actions.assign).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(actions.assign).toHaveBeenCalledWith(HANS.email);
  });

  it('picks with a click, and keeps a typed e-mail as the fallback when nobody matches', async () => {
    const user = userEvent.setup();
    const { actions } = renderEditor([HANNA]);
    await user.click(screen.getByRole('button', { name: 'Assign Job to Student' }));
    const field = screen.getByRole('combobox', { name: 'Student name or e-mail' });
    await user.type(field, 'zed');
    await screen.findByText('No student of your school matches “zed”. You can still type their e-mail.');
    await user.clear(field);
    await user.type(field, 'Hanna');
    await user.click(await screen.findByRole('option', { name: /Hanna Okafor/ }));
    expect((field as HTMLInputElement).value).toBe(HANNA.email);

    await user.clear(field);
    await user.type(field, '1new@school.example{Enter}');
    expect(actions.assign).toHaveBeenLastCalledWith('1new@school.example');
  });
});
