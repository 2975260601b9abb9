import { randomBytes } from 'node:crypto';
import { ROSTER_OUTCOME_LABELS, SCHOOL_MESSAGES } from '@opportunity-kit/sdk/domain';
import { expect } from 'vitest';
import { DEMO_BOARD_ADMIN, DEMO_SCHOOLS } from '../../scripts/demo/demo-data.ts';
import { signIn, signUp } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';
import { askToJoin, confirmByTeacher } from './support/schools.ts';
import { followNav, outboxLink } from './support/steps.ts';

/**
 * A board and its schools (issue 23), end to end: the board's administrator creates a school and
 * adds its administrator; that administrator chooses a password from the mailed link and adds a
 * teacher; a staff address that signed up alone waits with no staff powers, asks to join, and once
 * the administrator approves it has a teacher's navigation and imports a roster into the school.
 */

useChromium();

journey(
  'a board admin creates a school and its admin, who adds a teacher and takes in a staff address that signed up alone, who imports a roster; an administrator of two schools picks the school to import into',
  async ({ portal, window, focus }) => {
    const tag = randomBytes(3).toString('hex');
    const schoolName = `Northview Secondary ${tag}`;
    const admin = { name: `Ada Admin ${tag}`, email: `ada.admin${tag}@${portal.schoolDomain}` };
    const teacher = { name: `Theo Teacher ${tag}`, email: `theo.teacher${tag}@${portal.schoolDomain}` };
    const waiter = { name: `Wendy Waits ${tag}`, email: `wendy.waits${tag}@${portal.schoolDomain}`, password: `patient heron ${tag} lamp` };

    // The board's administrator creates the school on /board, from the navigation.
    const boardPage = await window();
    await signIn(boardPage, { email: `${DEMO_BOARD_ADMIN.local}@${portal.schoolDomain}`, password: DEMO_BOARD_ADMIN.password });
    await followNav(boardPage, 'Board');
    await boardPage.getByRole('heading', { level: 1, name: 'Schools of the board' }).waitFor();
    await boardPage.getByLabel('School name').fill(schoolName);
    await boardPage.getByRole('button', { name: 'Create school' }).click();
    await boardPage
      .getByRole('status')
      .filter({ hasText: `${schoolName} was created.` })
      .waitFor();

    // ... and gives it its first administrator, an address with no account yet.
    const school = boardPage.getByRole('listitem', { name: schoolName });
    await school.getByRole('button', { name: `Add an administrator to ${schoolName}` }).click();
    await school.getByLabel('Email').fill(admin.email);
    await school.getByLabel('Name (for a new account)').fill(admin.name);
    await school.getByRole('button', { name: `Add administrator to ${schoolName}` }).click();
    await school
      .getByRole('status')
      .filter({ hasText: `${admin.name} (${admin.email}) was added and e-mailed.` })
      .waitFor();

    // The administrator chooses a password from the mailed link and is signed in, as staff of the school.
    const invitation = new URL(await outboxLink(portal, admin.email));
    expect(invitation.pathname).toBe('/set-password');
    const adminPage = await window(`${invitation.pathname}${invitation.search}`);
    await adminPage.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor();
    const adminPassword = `steady compass ${tag} tide`;
    await adminPage.getByLabel('Password', { exact: true }).fill(adminPassword);
    await adminPage.getByLabel('Confirm password').fill(adminPassword);
    await adminPage.getByRole('button', { name: 'Set password' }).click();
    await adminPage.waitForURL('**/landing');
    await followNav(adminPage, 'School');
    await adminPage.getByRole('heading', { level: 1, name: schoolName }).waitFor();
    const staff = adminPage.getByRole('list', { name: 'Staff' });
    await staff.getByRole('listitem', { name: admin.name }).getByText('School administrator').waitFor();

    // The administrator adds a teacher.
    const addStaff = adminPage.getByRole('form', { name: 'Add staff member' });
    await addStaff.getByLabel('Email').fill(teacher.email);
    await addStaff.getByLabel('Name (for a new account)').fill(teacher.name);
    await addStaff.getByRole('checkbox', { name: 'Teacher' }).check();
    await addStaff.getByRole('button', { name: 'Add staff member' }).click();
    await staff.getByRole('listitem', { name: teacher.name }).getByText(`${teacher.email} · Teacher`).waitFor();

    // A staff address signs up alone and verifies it: no staff powers, only the waiting page.
    const waiterPage = await window('/signup');
    // The sign-up page says the rule beforehand.
    await waiterPage
      .getByRole('region', { name: 'Who gets which account' })
      .getByText(/Any other address at .+ is a staff address\. It gets no staff powers until a school administrator adds it/)
      .waitFor();
    await signUp(waiterPage, waiter);
    await waiterPage.goto(await outboxLink(portal, waiter.email));
    await waiterPage.getByText('Your e-mail address is verified.').waitFor();
    await waiterPage.goto('/landing');
    await waiterPage.waitForURL('**/waiting');
    await waiterPage.getByRole('heading', { level: 1, name: SCHOOL_MESSAGES.awaitingSchool }).waitFor();
    const waiterNav = waiterPage.getByRole('navigation', { name: 'Main' });
    expect(await waiterNav.locator('a', { hasText: 'Hours review' }).count()).toBe(0);
    expect(await waiterNav.getByRole('button', { name: 'School tools' }).count()).toBe(0);
    await waiterPage.getByLabel('Your school').selectOption({ label: schoolName });
    await waiterPage.getByRole('button', { name: 'Ask to join' }).click();
    await waiterPage.getByRole('status').filter({ hasText: SCHOOL_MESSAGES.requestSent }).waitFor();
    await waiterPage
      .getByRole('status')
      .filter({ hasText: `You asked to join ${schoolName}` })
      .waitFor();

    // The administrator sees the request and approves it as a teacher.
    await adminPage.reload();
    const request = adminPage.getByRole('list', { name: 'Requests to join' }).getByRole('listitem', { name: waiter.name });
    await request.getByText(`${waiter.email} · Staff address`).waitFor();
    expect(await request.getByRole('checkbox', { name: 'Teacher' }).isChecked()).toBe(true);
    await request.getByRole('button', { name: `Approve ${waiter.name}` }).click();
    await adminPage.getByText('No one is waiting.').waitFor();
    await staff.getByRole('listitem', { name: waiter.name }).getByText(`${waiter.email} · Teacher`).waitFor();

    // The member's page learns it, and the teacher's navigation is there.
    await waiterPage.getByRole('button', { name: 'Check again' }).click();
    await waiterPage
      .getByRole('status')
      .filter({ hasText: `You belong to ${schoolName}.` })
      .waitFor();
    await waiterPage.getByRole('link', { name: 'Go to your home page' }).click();
    await waiterPage.waitForURL('**/landing');
    await waiterNav.getByRole('button', { name: 'School tools' }).click();
    await waiterNav.getByRole('link', { name: 'Hours review' }).waitFor();
    await waiterNav.getByRole('link', { name: 'School', exact: true }).waitFor();

    // The new teacher imports their class into their school; a student of another school stays there.
    const pupil = `1pupil${tag}@${portal.schoolDomain}`;
    await waiterNav.getByRole('link', { name: 'Roster' }).click();
    await waiterPage.getByRole('heading', { level: 1, name: 'Roster' }).waitFor();
    await waiterPage.getByLabel('Or paste the lines').fill(['email,name', `${pupil},Pia Pupil ${tag}`, `${portal.people.maya!.email},Maya Patel`].join('\n'));
    await waiterPage.getByRole('button', { name: 'Preview import' }).click();
    await waiterPage.getByRole('status').filter({ hasText: 'Preview:' }).waitFor();
    await waiterPage.getByRole('button', { name: 'Confirm import' }).click();
    const finished = waiterPage.getByRole('status').filter({ hasText: 'Import finished' });
    await finished.waitFor();
    expect(await finished.textContent()).toBe(`Import finished: ${ROSTER_OUTCOME_LABELS.created}: 1 · ${ROSTER_OUTCOME_LABELS['other-school']}: 1.`);

    // The board makes the new school's administrator an administrator of a second school too: the roster
    // then asks which school to import into, and the pupil is the new school's, not the other's.
    const lakeshore = boardPage.getByRole('listitem', { name: DEMO_SCHOOLS.lakeshore });
    await lakeshore.getByRole('button', { name: `Add an administrator to ${DEMO_SCHOOLS.lakeshore}` }).click();
    await lakeshore.getByLabel('Email').fill(admin.email);
    await lakeshore.getByRole('button', { name: `Add administrator to ${DEMO_SCHOOLS.lakeshore}` }).click();
    await lakeshore
      .getByRole('status')
      .filter({ hasText: `(${admin.email}) was added` })
      .waitFor();
    await followNav(adminPage, 'Roster');
    await adminPage.getByRole('heading', { level: 1, name: 'Roster' }).waitFor();
    const importInto = adminPage.getByLabel('Import into');
    for (const [school, outcome] of [
      [DEMO_SCHOOLS.lakeshore, ROSTER_OUTCOME_LABELS['other-school']],
      [schoolName, ROSTER_OUTCOME_LABELS['invited-again']],
    ] as const) {
      await importInto.selectOption({ label: school });
      await adminPage.getByLabel('Or paste the lines').fill(`${pupil},Pia Pupil ${tag}`);
      await adminPage.getByRole('button', { name: 'Preview import' }).click();
      await adminPage.getByRole('status').filter({ hasText: 'Preview:' }).waitFor();
      await adminPage.getByRole('button', { name: 'Confirm import' }).click();
      await adminPage
        .getByRole('status')
        .filter({ hasText: `Import finished: ${outcome}: 1.` })
        .waitFor();
    }
    focus(waiterPage);
  },
);

journey(
  'a student who signed up alone is asked on the home screen to join a school, cannot save a posting until its teacher confirms them, and then belongs to it',
  async ({ portal, window, focus }) => {
    const tag = randomBytes(3).toString('hex');
    const student = { name: `Sol Alone ${tag}`, email: `1sol${tag}@${portal.schoolDomain}`, password: `lonely lighthouse ${tag} map` };
    const schoolName = DEMO_SCHOOLS.escarpment;

    // Signed up and verified, the student is a student but in no school: the home screen says so.
    const studentPage = await window('/signup');
    await signUp(studentPage, student);
    await studentPage.goto(await outboxLink(portal, student.email));
    await studentPage.getByText('Your e-mail address is verified.').waitFor();
    await studentPage.goto('/landing');
    const notice = studentPage.getByRole('status').filter({ hasText: 'You are not in a school yet' });
    await notice.getByRole('link', { name: 'Ask to join your school' }).click();
    await studentPage.getByRole('heading', { level: 1, name: 'Join your school' }).waitFor();
    await studentPage.getByRole('link', { name: 'Browse public postings' }).waitFor();
    await askToJoin(studentPage, schoolName);

    // Until the school confirms them, the student browses public postings but cannot save one.
    await studentPage.goto('/job');
    await studentPage
      .getByRole('button', { name: /^Save / })
      .first()
      .click();
    await studentPage.getByText(SCHOOL_MESSAGES.notConfirmed).waitFor();
    await studentPage.goto('/waiting');
    await studentPage
      .getByRole('status')
      .filter({ hasText: `You asked to join ${schoolName}` })
      .waitFor();

    // A teacher of that school (not an administrator) confirms students.
    await confirmByTeacher(await window(), portal, student);

    // The student now belongs to the school.
    await studentPage.getByRole('button', { name: 'Check again' }).click();
    await studentPage
      .getByRole('status')
      .filter({ hasText: `You belong to ${schoolName}.` })
      .waitFor();
    focus(studentPage);
  },
);
