import { randomBytes } from 'node:crypto';
import { HOURS_ACTIVITY_MESSAGES, HOURS_MESSAGES } from '@opportunity-kit/sdk/domain';
import { signIn } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';
import { followNav, outboxLink, unique } from './support/steps.ts';
import { daysAgo } from '../support/hours.ts';

/**
 * Issue 26: a 14-year-old's volunteering in a restaurant kitchen is flagged in the hours form before
 * it is logged (Reg. 851: kitchens are factories, from 15); her parent signs the planned-activity notice
 * and the completion record from the mailed link; her supervisor confirms; the teacher sees every check
 * and both signatures. Mia is 14 in the demo (her school's roster gives her birth month).
 */

useChromium();

journey(
  'a kitchen entry of a 14-year-old is flagged before logging, her parent signs from the mail, and the teacher sees both signatures',
  async ({ portal, window }) => {
    const { mia: student, walsh: teacher } = portal.people;
    const organisation = unique('Lakeshore Soup Kitchen');
    const supervisorEmail = `chef.${randomBytes(3).toString('hex')}@soup.example`;
    const parentEmail = `parent.${randomBytes(3).toString('hex')}@home.example`;

    const page = await window();
    await signIn(page, student!);
    await page.goto('/hours');
    await page.getByRole('button', { name: 'Log hours' }).click();
    const form = page.getByRole('form', { name: 'Log hours' });
    await form.getByLabel('Organisation').fill(organisation);
    await form.getByLabel('What you did').fill('Chopped vegetables and washed dishes for the Saturday lunch.');
    await form.getByLabel('Date').fill(daysAgo(3));
    await form.getByLabel('Hours').fill('3');
    await form.getByLabel('Supervisor name').fill('Chef Ana');
    await form.getByLabel('Supervisor email').fill(supervisorEmail);
    await form.getByLabel('Kind of activity').selectOption('community-service');
    await form.getByLabel('Where').selectOption('restaurant-kitchen');

    // Before anything is logged, the form says the hours would not count, and why.
    const flag = form.getByRole('note').filter({ hasText: HOURS_ACTIVITY_MESSAGES.doesNotCount });
    await flag.getByText(/Reg\. 851/).waitFor();
    await form.getByLabel('Parent or guardian’s name').fill('Sam Johnson');
    await form.getByLabel('Parent or guardian’s email').fill(parentEmail);
    await form.getByRole('button', { name: 'Submit hours' }).click();
    const entry = page.getByRole('list', { name: 'Your entries' }).getByRole('listitem').filter({ hasText: organisation });
    await entry.waitFor();

    // The parent signs both parts from the link in their mail, with no account.
    const parentLink = new URL(await outboxLink(portal, parentEmail));
    const parent = await window(`${parentLink.pathname}${parentLink.search}`);
    await parent.getByRole('region', { name: 'The hours logged' }).getByText(organisation).waitFor();
    for (const part of ['planned-activity notice', 'completion record']) {
      const section = parent.getByRole('region', { name: new RegExp(part, 'i') });
      await section.getByLabel('Your full name, as your signature').fill('Sam Johnson');
      await section.getByRole('button', { name: `Sign the ${part}` }).click();
      await section.getByRole('status').waitFor();
    }

    // The supervisor confirms from theirs.
    const supervisorLink = new URL(await outboxLink(portal, supervisorEmail));
    const supervisor = await window(`${supervisorLink.pathname}${supervisorLink.search}`);
    await supervisor.getByRole('button', { name: 'Confirm', exact: true }).click();
    await supervisor
      .getByRole('status')
      .filter({ hasText: HOURS_MESSAGES.supervisorThanks('confirmed') })
      .waitFor();

    // The teacher sees the rules' check and both signatures in the entry's details.
    const teacherPage = await window();
    await signIn(teacherPage, teacher!);
    await followNav(teacherPage, 'Hours review');
    const review = teacherPage.getByRole('region', { name: 'Hours review' });
    await review.getByRole('searchbox', { name: 'Search' }).fill(organisation);
    const row = review.getByRole('row').filter({ hasText: organisation });
    await row.getByRole('button', { name: /^Details: / }).click();
    const details = review.getByRole('article').filter({ hasText: organisation });
    await details.getByText(/Does not count.*Reg\. 851/).waitFor();
    await details
      .getByText(/Signed by Sam Johnson/)
      .first()
      .waitFor();
    const signatures = await details.getByText(/Signed by Sam Johnson/).count();
    if (signatures !== 2) throw new Error(`expected both parent signatures, found ${signatures}`);
    await details
      .getByText(/Confirmed/)
      .first()
      .waitFor();
  },
);
